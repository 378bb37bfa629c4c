import { style } from '@vanilla-extract/css';
import { upTo, vars } from '../styles/theme.css.js';
import { surface } from './card.css.js';

/** Parts the back office and the warehouse draw alike: the page frame, a notice, statistic cards, chips, tabs, dialogs. */
export const page = style({ maxWidth: vars.width.wide, margin: '0 auto', padding: vars.space.m });
export const notice = style({
  padding: vars.space.m,
  background: vars.color.warningBg,
  borderRadius: vars.radius.m,
  marginBottom: vars.space.m,
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.m,
  marginBottom: vars.space.m,
  '@media': { [upTo(576)]: { gap: vars.space.s } },
});
export const statCard = style([surface, { padding: vars.space.m, '@media': { [upTo(576)]: { padding: vars.space.s } } }]);
/** Small labels in a row that wraps: counts, check results. */
export const chipList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  margin: `0 0 ${vars.space.m}`,
  padding: 0,
  listStyle: 'none',
});
export const tabList = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  marginBottom: vars.space.m,
});
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

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)' });
export const dialog = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(640px, calc(100vw - 24px))',
  maxHeight: 'calc(100vh - 24px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.m,
  padding: vars.space.l,
  '@media': { [upTo(576)]: { padding: vars.space.m } },
});
export const dialogTitle = style({ margin: `0 0 ${vars.space.m}`, fontSize: '18px' });
export const dialogGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: `0 ${vars.space.m}`,
  '@media': { [upTo(576)]: { gridTemplateColumns: '1fr' } },
});
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.s, marginTop: vars.space.m });
