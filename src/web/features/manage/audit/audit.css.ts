import { style, styleVariants } from '@vanilla-extract/css';
import { upTo, vars } from '../../../styles/theme.css.js';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.m,
  '@media': { [upTo(876)]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const finder = style({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: vars.space.m });
export { search as finderInput } from '../../../components/paged-table/paged-table.css.js';
export { chipList as badges } from '../../../components/page-parts.css.js';
export const badge = styleVariants({
  good: {
    padding: '4px 10px',
    borderRadius: '999px',
    fontSize: '13px',
    background: '#e8f5e9',
    color: '#1b5e20',
    border: '1px solid #a5d6a7',
  },
  bad: {
    padding: '4px 10px',
    borderRadius: '999px',
    fontSize: '13px',
    background: '#fdecea',
    color: '#8e1c14',
    border: '1px solid #f5a9a3',
    fontWeight: 600,
  },
  neutral: {
    padding: '4px 10px',
    borderRadius: '999px',
    fontSize: '13px',
    background: vars.color.page,
    border: `1px solid ${vars.color.border}`,
  },
});
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, borderLeft: `2px solid ${vars.color.border}` });
export const entry = style({ position: 'relative', padding: `0 0 ${vars.space.m} ${vars.space.m}` });
export const entryButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'block',
  width: '100%',
  borderRadius: vars.radius.s,
  padding: '4px 6px',
  selectors: {
    '&[aria-current="step"]': { background: vars.color.warningBg },
    '&:focus-visible': { outline: `2px solid ${vars.color.brand}` },
  },
});
export const entryHead = style({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap', alignItems: 'baseline' });
export const entryType = style({ fontWeight: 600, fontFamily: 'monospace' });
export const small = style({ fontSize: '13px', color: vars.color.muted });
export const changes = style({ margin: '4px 0 0', padding: 0, listStyle: 'none', fontSize: '13px', wordBreak: 'break-word' });
export const change = style({ fontFamily: 'monospace' });
export const slider = style({ width: '100%' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: '4px', margin: 0, padding: 0, listStyle: 'none', fontSize: '12px' });
export const chip = style({ padding: '2px 8px', borderRadius: '999px', border: `1px solid ${vars.color.border}`, fontFamily: 'monospace' });
