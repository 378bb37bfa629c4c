import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

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
export const brand = style({ fontWeight: 700, fontSize: '18px', color: vars.color.text, textDecoration: 'none' });
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
export const language = style({ padding: '4px', borderRadius: vars.radius.s, border: `1px solid ${vars.color.border}`, background: vars.color.surface });
const button = style({ border: `1px solid ${vars.color.border}`, background: vars.color.surface, borderRadius: vars.radius.s, padding: '6px 12px', cursor: 'pointer', font: 'inherit' });
export const userButton = button;
export const menuButton = style([button, { fontSize: '18px', lineHeight: 1 }]);
export const menu = style({ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.m, padding: vars.space.xs, minWidth: '160px', boxShadow: '0 4px 16px rgba(0,0,0,0.12)', zIndex: 100 });
export const menuItem = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.s,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.page } },
});
