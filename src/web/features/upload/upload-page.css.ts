import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';
import { tapLink } from '../../styles/tap-target.css.js';
import { stackedPage } from '../../components/page-frame.css.js';

export const page = style([
  stackedPage,
  { maxWidth: vars.width.content, '@media': { [upTo(breakpoints.phone)]: { padding: `${vars.space.m} ${vars.space.s}` } } },
]);
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `${vars.space.m}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});
export const institution = style({ margin: 0, fontSize: '18px', fontWeight: 600, overflowWrap: 'anywhere' });
export const amount = style({ color: vars.color.muted, fontSize: '14px' });
export const notice = style({
  padding: vars.space.l,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});
export const noticeTitle = style({ margin: `0 0 ${vars.space.s}`, fontSize: '18px' });
export const muted = style({ margin: 0, color: vars.color.muted });
export const previewLink = style([tapLink, { flex: 'none', fontSize: '14px', padding: '2px 4px' }]);
