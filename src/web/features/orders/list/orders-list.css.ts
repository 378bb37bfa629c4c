import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../../styles/theme.css.js';

const phone = upTo(breakpoints.phone);

export { contentPage as page } from '../../../components/page-frame.css.js';
export const title = style({ fontSize: '22px', margin: `0 0 ${vars.space.m}` });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: vars.space.m,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  '@media': { [phone]: { flexDirection: 'column', alignItems: 'stretch', gap: vars.space.s } },
});
export const body = style({ display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 });
const badgeBase = style({ alignSelf: 'flex-start', fontSize: '12px', fontWeight: 600, padding: '2px 10px', borderRadius: '999px' });
export const badge = styleVariants({
  action: [badgeBase, { background: '#fff1e5', color: '#bc4c00' }],
  progress: [badgeBase, { background: '#ddf4ff', color: '#0969da' }],
  done: [badgeBase, { background: '#dafbe1', color: vars.color.green }],
  ended: [badgeBase, { background: vars.color.page, color: vars.color.muted }],
});
export const summary = style({ fontSize: '16px', fontWeight: 600, overflowWrap: 'anywhere' });
export const meta = style({ fontSize: '13px', color: vars.color.muted, display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.m}` });
/** The row's link and buttons side by side; on a phone they share the row's width, wrapping when a label is long. */
export const actions = style({
  display: 'flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.s,
  '@media': { [phone]: { flexWrap: 'wrap', alignItems: 'stretch' } },
});
const action = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '8px 16px',
  borderRadius: vars.radius.s,
  font: 'inherit',
  textDecoration: 'none',
  textAlign: 'center',
  cursor: 'pointer',
  // A fingertip needs a 44 px target each way; a mouse does with the usual size.
  '@media': { [phone]: { flex: '1 1 auto', minHeight: '44px', minWidth: '44px' } },
});
export const view = style([
  action,
  {
    border: `1px solid ${vars.color.brand}`,
    background: 'transparent',
    color: vars.color.brand,
    selectors: { '&:hover': { background: vars.color.brand, color: '#fff' } },
  },
]);
/** Secondary to viewing: outlined like it, in red, filled only faintly on hover. */
export const cancel = style([
  action,
  {
    border: `1px solid ${vars.color.red}`,
    background: 'transparent',
    color: vars.color.red,
    selectors: { '&:hover': { background: '#ffebe9' } },
  },
]);
export const empty = style({
  textAlign: 'center',
  padding: `${vars.space.xl} ${vars.space.m}`,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.m,
});
export const emptyTitle = style({ fontSize: '18px', fontWeight: 600, margin: `0 0 ${vars.space.s}` });
export const emptyHint = style({ color: vars.color.muted, margin: `0 0 ${vars.space.m}` });
export const start = style({
  display: 'inline-block',
  padding: '10px 20px',
  borderRadius: vars.radius.s,
  background: vars.color.brand,
  color: '#fff',
  textDecoration: 'none',
});
export const state = style({ padding: `${vars.space.xl} ${vars.space.m}`, textAlign: 'center', color: vars.color.muted });
export const failure = style([
  state,
  { color: vars.color.red, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.m },
]);
