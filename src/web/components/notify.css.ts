import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

export const viewport = style({
  position: 'fixed',
  top: vars.space.m,
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  width: 'min(92vw, 420px)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  zIndex: 1000,
});

const base = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  boxShadow: '0 4px 16px rgba(0,0,0,0.15)',
  borderLeft: '4px solid',
});

export const toast = styleVariants({
  success: [base, { borderLeftColor: vars.color.green }],
  error: [base, { borderLeftColor: vars.color.red, color: vars.color.red }],
  hint: [base, { borderLeftColor: '#bf8700', background: vars.color.warningBg }],
});

export const title = style({ fontWeight: 600 });
