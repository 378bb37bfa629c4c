import { style, styleVariants } from '@vanilla-extract/css';
import { stackedPage } from '../../components/page-frame.css.js';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

export const page = style([
  stackedPage,
  { maxWidth: vars.width.content, '@media': { [upTo(breakpoints.phone)]: { padding: `${vars.space.m} ${vars.space.s}` } } },
]);
export const title = style({ margin: 0, fontSize: '20px' });
const verdictBase = style({
  padding: vars.space.m,
  borderRadius: vars.radius.m,
  border: '1px solid',
  overflowWrap: 'anywhere',
});
export const verdict = styleVariants({
  authentic: [verdictBase, { borderColor: '#1a7f37', background: '#e6f4ea', color: '#0f5323' }],
  notOurs: [verdictBase, { borderColor: vars.color.red, background: '#fdecea', color: vars.color.red }],
});
export const verdictTitle = style({ margin: `0 0 ${vars.space.s}`, fontSize: '18px' });
export const hint = style({ margin: 0 });
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  gap: `${vars.space.s} ${vars.space.m}`,
  margin: 0,
  padding: vars.space.m,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});
export const term = style({ color: vars.color.muted, fontSize: '14px' });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const row = style({ display: 'contents' });
