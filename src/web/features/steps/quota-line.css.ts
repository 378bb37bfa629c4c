import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.js';

export const quota = style({
  marginTop: vars.space.s,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: '14px',
  // Long amounts and German words wrap inside 375 px instead of widening the page.
  overflowWrap: 'anywhere',
});
export const figures = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.m, rowGap: vars.space.xs });
export const figure = style({ fontVariantNumeric: 'tabular-nums', minWidth: 0 });
export const strong = style({ fontWeight: 600 });
export const warning = style({
  margin: `${vars.space.s} 0 0`,
  padding: `${vars.space.xs} ${vars.space.s}`,
  background: vars.color.warningBg,
  border: '1px solid #d4a72c',
  borderRadius: vars.radius.s,
  color: '#7d4e00',
});
export const note = style({ margin: `${vars.space.xs} 0 0`, fontSize: '12px', color: vars.color.muted });
