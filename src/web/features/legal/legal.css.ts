import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

const phone = upTo(breakpoints.phone);

export const page = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.m}`,
  '@media': { [phone]: { padding: `${vars.space.m} ${vars.space.s}` } },
});
export const article = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  padding: `${vars.space.l} ${vars.space.xl} ${vars.space.xl}`,
  '@media': { [phone]: { padding: vars.space.m } },
});
export const title = style({ margin: 0, fontSize: '26px' });
export const updated = style({ margin: `${vars.space.xs} 0 ${vars.space.l}`, color: vars.color.muted, fontSize: '13px' });
export const heading = style({ margin: `${vars.space.l} 0 ${vars.space.s}`, fontSize: '18px' });
/** Legal text is read closely: a little more leading than the app's body text. */
export const paragraph = style({ margin: `0 0 ${vars.space.s}`, lineHeight: 1.75 });
export const seeAlso = style({
  marginTop: vars.space.l,
  paddingTop: vars.space.m,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '14px',
});

globalStyle(`${seeAlso} a`, {
  '@media': { [upTo(breakpoints.collapsedMenu)]: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' } },
});
