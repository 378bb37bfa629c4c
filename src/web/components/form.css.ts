import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.m });
export const label = style({ fontWeight: 600, fontSize: '14px' });
export const hint = style({ color: vars.color.muted, fontSize: '13px' });
export const error = style({ color: vars.color.red, fontSize: '13px' });
export const input = style({
  width: '100%',
  padding: '10px 12px',
  fontSize: '16px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.red } },
});
const buttonBase = style({
  padding: '10px 20px',
  fontSize: '16px',
  borderRadius: vars.radius.s,
  cursor: 'pointer',
  border: '1px solid transparent',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: '#fff' }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
});
