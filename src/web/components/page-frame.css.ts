import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../styles/theme.css.js';

/** The payer's step and list screens sit in the 808 px content column (SPEC.md section 9). */
export const contentPage = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.l} ${vars.space.m} ${vars.space.xl}`,
  '@media': { [upTo(breakpoints.phone)]: { padding: `${vars.space.m} ${vars.space.s} ${vars.space.l}` } },
});

/** A centred page whose parts stand one under the other; each page sets its width. */
export const stackedPage = style({
  margin: '0 auto',
  padding: `${vars.space.l} ${vars.space.m}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
});
