import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

/** Collapsible panels (radix Accordion) shared by the upload page and the order page. */
export const item = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  overflow: 'hidden',
});
export const header = style({ margin: 0, display: 'flex' });
export const trigger = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `14px ${vars.space.m}`,
  border: 'none',
  background: vars.color.surface,
  font: 'inherit',
  fontSize: '16px',
  fontWeight: 600,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.page }, '&[data-state="open"]': { borderBottom: `1px solid ${vars.color.border}` } },
});
export const chevron = style({
  flex: 'none',
  transition: 'transform 200ms ease',
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
});
const open = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
export const content = style({
  padding: vars.space.m,
  selectors: {
    '&[data-state="open"]': { animation: `${open} 160ms ease-out` },
    // The panels are force-mounted (an upload or a QR survives closing); closed ones are hidden.
    '&[data-state="closed"]': { display: 'none' },
  },
});
