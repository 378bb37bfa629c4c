import { style } from '@vanilla-extract/css';
import { upTo, vars } from '../../styles/theme.css.js';
import { card as baseCard } from '../../components/card.css.js';
import { compactInput } from '../../components/form.css.js';

export * from '../../components/page-parts.css.js';

export const crumbs = style({
  display: 'flex',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: `0 0 ${vars.space.m}`,
  padding: 0,
  color: vars.color.muted,
  fontSize: '14px',
});
export const crumbCurrent = style({ color: vars.color.text, fontWeight: 600 });
export const title = style({ fontSize: '20px', margin: `0 0 ${vars.space.m}`, overflowWrap: 'anywhere' });
export const statValue = style({ fontSize: '24px', fontWeight: 700, '@media': { [upTo(576)]: { fontSize: '17px' } } });
export const statLabel = style({ color: vars.color.muted, fontSize: '14px' });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'flex-end', marginBottom: vars.space.s });
export const filterInput = style([compactInput, { flex: '1 1 220px' }]);
export const select = style([compactInput, { background: vars.color.surface }]);
export const label = style({ display: 'flex', flexDirection: 'column', gap: '2px', fontSize: '13px', color: vars.color.muted });
export const card = style([baseCard, { marginBottom: vars.space.m }]);
export const cardTitle = style({ fontSize: '16px', margin: `0 0 ${vars.space.s}` });
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '4px 12px',
  margin: 0,
  fontSize: '14px',
});
export const fieldName = style({ color: vars.color.muted });
export const fieldValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, marginBottom: vars.space.m });
export const muted = style({ color: vars.color.muted });
export const pair = style({ display: 'contents' });
