import { style } from '@vanilla-extract/css';
import { compactInput, outlined } from '../../../components/form.css.js';
import { vars } from '../../../styles/theme.css.js';

/** Every control of the queue's filters is 44 px tall: a finger's size at 375 px as well. */
const TALL = '44px';

export const filters = style({ display: 'grid', gap: vars.space.s, marginBottom: vars.space.m, minWidth: 0 });
export const queueTabs = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', paddingBottom: '2px' });
export const queueTab = style([
  outlined,
  {
    minHeight: TALL,
    padding: '0 12px',
    whiteSpace: 'nowrap',
    background: vars.color.surface,
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    fontSize: '14px',
    selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand, color: vars.color.brand, fontWeight: 600 } },
  },
]);
export const count = style({ background: vars.color.page, borderRadius: '999px', padding: '0 8px', fontSize: '12px' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style([
  outlined,
  {
    minHeight: TALL,
    padding: '0 12px',
    borderRadius: '999px',
    background: vars.color.surface,
    cursor: 'pointer',
    fontSize: '13px',
    selectors: { '&[aria-pressed="true"]': { background: vars.color.brand, borderColor: vars.color.brand, color: '#fff' } },
  },
]);
export const filterRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'flex-end' });
export const control = style({ display: 'grid', gap: '2px', flex: '1 1 150px', minWidth: 0, fontSize: '13px' });
export const controlLabel = style({ color: vars.color.muted });
export const input = style([compactInput, { minHeight: TALL, width: '100%', background: vars.color.surface }]);
export const clear = style([outlined, { minHeight: TALL, padding: '0 12px', background: vars.color.surface, cursor: 'pointer' }]);
export const overdue = style({ color: vars.color.red, fontWeight: 600 });
export const owed = style({ color: vars.color.red });
export const toRefund = style({ color: vars.color.brand, fontWeight: 600 });
export const exportLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
export const exportLink = style([
  outlined,
  { minHeight: TALL, padding: '0 12px', display: 'inline-flex', alignItems: 'center', textDecoration: 'none', color: 'inherit' },
]);
export const exportError = style({ color: vars.color.red, fontSize: '13px', alignSelf: 'center' });
