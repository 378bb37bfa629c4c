import { style } from '@vanilla-extract/css';
import { upTo, vars } from '../../styles/theme.css.js';

export const toolbar = style({ display: 'flex', gap: vars.space.s, alignItems: 'center', marginBottom: vars.space.s, flexWrap: 'wrap' });
export const search = style({
  flex: '1 1 280px',
  padding: '8px 10px',
  fontSize: '15px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
});
export const tableWrap = style({
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});
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
export const smallButton = style({
  padding: '4px 10px',
  fontSize: '13px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  cursor: 'pointer',
  marginRight: vars.space.xs,
});
