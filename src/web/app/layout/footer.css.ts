import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

export const footer = style({
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: '13px',
  padding: `${vars.space.l} ${vars.space.m}`,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: vars.space.xl,
});

// The filing number's link stands alone in the footer: a whole tap target on touch screens.
globalStyle(`${footer} a`, {
  '@media': { [upTo(breakpoints.collapsedMenu)]: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' } },
});
