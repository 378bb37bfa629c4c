import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** A button that reads as a link inside a sentence (a "retry"). */
export const textButton = style({
  border: 'none',
  background: 'none',
  color: vars.color.brand,
  cursor: 'pointer',
  font: 'inherit',
  padding: 0,
  textDecoration: 'underline',
});

/** An icon inside a text box, centred on its height at the start; each box sets its size and inset. */
export const inputIcon = style({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.muted,
  pointerEvents: 'none',
});
