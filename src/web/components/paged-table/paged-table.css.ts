import { style } from '@vanilla-extract/css';
import { upTo, vars } from '../../styles/theme.css.js';
import { surface } from '../card.css.js';
import { compactInput, outlined } from '../form.css.js';

export const toolbar = style({ display: 'flex', gap: vars.space.s, alignItems: 'center', marginBottom: vars.space.s, flexWrap: 'wrap' });
export const search = style([compactInput, { flex: '1 1 280px' }]);
export const tableWrap = style([surface, { overflowX: 'auto' }]);
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' });
export const th = style({
  textAlign: 'left',
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  background: vars.color.page,
});
// On a phone a row stays one line and the table scrolls sideways, rather than each cell wrapping into a tall column.
export const td = style({
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  '@media': { [upTo(576)]: { whiteSpace: 'nowrap' } },
});
export const listFoot = style({ display: 'flex', justifyContent: 'center', padding: vars.space.m, color: vars.color.muted });
export const dimmed = style({ opacity: 0.6 });
export const smallButton = style([
  outlined,
  { padding: '4px 10px', fontSize: '13px', background: vars.color.surface, cursor: 'pointer', marginRight: vars.space.xs },
]);
