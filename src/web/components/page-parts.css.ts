import { style } from '@vanilla-extract/css';
import { upTo, vars } from '../styles/theme.css.js';

/** Parts the back office and the warehouse draw alike: the page frame, a notice, statistic cards, tabs. */
export const page = style({ maxWidth: vars.width.wide, margin: '0 auto', padding: vars.space.m });
export const notice = style({ padding: vars.space.m, background: vars.color.warningBg, borderRadius: vars.radius.m, marginBottom: vars.space.m });
export const statCard = style({ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.m, padding: vars.space.m, '@media': { [upTo(576)]: { padding: vars.space.s } } });
export const tabList = style({ display: 'flex', gap: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, overflowX: 'auto', marginBottom: vars.space.m });
export const tab = style({
  padding: '10px 14px',
  border: 'none',
  background: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  fontSize: '15px',
  borderBottom: '2px solid transparent',
  selectors: { '&[data-state="active"]': { borderBottomColor: vars.color.brand, color: vars.color.brand, fontWeight: 600 } },
});
