import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.js';

export const footer = style({
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: '13px',
  padding: `${vars.space.l} ${vars.space.m}`,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: vars.space.xl,
});
