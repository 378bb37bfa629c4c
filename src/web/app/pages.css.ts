import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

export const centered = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.m}`,
  textAlign: 'center',
});
