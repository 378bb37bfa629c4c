import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

export const alert = style({
  color: vars.color.red,
  background: '#ffebe9',
  border: `1px solid ${vars.color.red}`,
  borderRadius: vars.radius.s,
  padding: `${vars.space.s} ${vars.space.m}`,
  margin: `${vars.space.s} 0`,
});
