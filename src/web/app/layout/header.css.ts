import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';
import { tapLink, tapTarget } from '../../styles/tap-target.css.js';
import { popup, popupItem, quietButton } from '../../components/popup.css.js';

export const header = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const inner = style({
  maxWidth: vars.width.wide,
  margin: '0 auto',
  padding: `${vars.space.s} ${vars.space.m}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
});
export const brand = style([tapLink, { fontWeight: 700, fontSize: '18px', color: vars.color.text, textDecoration: 'none' }]);
/** The nav (or the collapsed menu) and the bell, at the right end. */
export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.m });
export const desktopNav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.l,
  '@media': { [upTo(breakpoints.collapsedMenu)]: { display: 'none' } },
});
export const collapsed = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.s,
  '@media': { [upTo(breakpoints.collapsedMenu)]: { display: 'flex' } },
});
const button = quietButton;
export const userButton = button;
export const menuButton = style([button, tapTarget, { fontSize: '18px', lineHeight: 1 }]);
export const languageButton = style([
  button,
  tapTarget,
  { display: 'inline-flex', alignItems: 'center', gap: '6px', color: vars.color.text },
]);
/** The header's links read as the app's quiet buttons: no underline, the brand colour on hover and focus. */
export const navLink = style([
  tapLink,
  {
    display: 'inline-flex',
    alignItems: 'center',
    padding: '6px 4px',
    color: vars.color.text,
    textDecoration: 'none',
    borderRadius: vars.radius.s,
    selectors: { '&:hover, &:focus-visible': { color: vars.color.brand } },
  },
]);
export const navButton = style([
  button,
  tapLink,
  { display: 'inline-flex', alignItems: 'center', color: vars.color.brand, textDecoration: 'none', fontWeight: 600 },
]);
export const caret = style({ fontSize: '12px', color: vars.color.muted });
export const tick = style({ position: 'absolute', left: vars.space.s });
export const menu = style([popup, { minWidth: '160px' }]);
export const menuItem = style([
  popupItem,
  { position: 'relative', display: 'flex', alignItems: 'center', padding: `${vars.space.s} ${vars.space.m} ${vars.space.s} 28px` },
]);
