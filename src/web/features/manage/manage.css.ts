import { style, styleVariants } from '@vanilla-extract/css';
import { upTo, vars } from '../../styles/theme.css.js';
import { surface } from '../../components/card.css.js';
import { outlined } from '../../components/form.css.js';
import { chipList } from '../../components/page-parts.css.js';

export * from '../../components/page-parts.css.js';

import { smallButton as smallButtonBase } from '../../components/paged-table/paged-table.css.js';
import { tapTarget } from '../../styles/tap-target.css.js';

export { smallButton, table, tableWrap, td, th } from '../../components/paged-table/paged-table.css.js';

export const title = style({ fontSize: '22px', margin: `0 0 ${vars.space.m}` });

export const statValue = style({ fontSize: '28px', fontWeight: 700, '@media': { [upTo(576)]: { fontSize: '20px' } } });
export const statLabel = style({ color: vars.color.muted });
export const statusCounts = style([chipList, { fontSize: '13px' }]);
export const statusCount = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '999px',
  padding: '2px 10px',
});

export const nowrap = style({ whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.muted });

export const form = style([surface, { maxWidth: '640px', padding: vars.space.m }]);
export const markupGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: `0 ${vars.space.m}`,
  '@media': { [upTo(576)]: { gridTemplateColumns: '1fr 1fr' } },
});
export const textarea = style([outlined, { width: '100%', minHeight: '96px', padding: '10px 12px', fontSize: '15px' }]);

export const qrImage = style({ display: 'block', width: '240px', height: '240px', margin: '0 auto', imageRendering: 'pixelated' });
export const qrLink = style({ wordBreak: 'break-all', fontSize: '13px', color: vars.color.muted, textAlign: 'center' });

export const detailGrid = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr',
  gap: vars.space.m,
  '@media': { [upTo(776)]: { gridTemplateColumns: '1fr' } },
});
export const card = style([surface, { padding: vars.space.m, marginBottom: vars.space.m }]);
export const cardTitle = style({ fontSize: '16px', margin: `0 0 ${vars.space.s}` });
export const fields = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0, fontSize: '14px' });
export const fieldName = style({ color: vars.color.muted });
export const fieldValue = style({ margin: 0, wordBreak: 'break-word' });
export const linkBox = style({
  display: 'flex',
  gap: vars.space.s,
  alignItems: 'center',
  flexWrap: 'wrap',
  wordBreak: 'break-all',
  fontSize: '13px',
});
export const targets = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
export const badge = styleVariants({
  base: {
    display: 'inline-block',
    padding: '2px 8px',
    borderRadius: '999px',
    background: vars.color.page,
    border: `1px solid ${vars.color.border}`,
    whiteSpace: 'nowrap',
  },
});
export const contents = style({ display: 'contents' });

export const subTitle = style({ fontSize: '14px', margin: `${vars.space.m} 0 ${vars.space.s}` });
/** A list of cards that reads the same at 375 px as at 1280 px (money entries, history, statement entries). */
export const entryList = style({ listStyle: 'none', margin: `0 0 ${vars.space.m}`, padding: 0, display: 'grid', gap: vars.space.s });
export const entryItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  padding: `${vars.space.s} ${vars.space.m}`,
  fontSize: '14px',
  overflowWrap: 'anywhere',
});
export const entryHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.s, flexWrap: 'wrap' });
export const note = style({
  padding: vars.space.m,
  background: vars.color.warningBg,
  borderRadius: vars.radius.m,
  marginBottom: vars.space.m,
  whiteSpace: 'pre-wrap',
});
/** A small action that is still a finger's size on a phone (44 px). */
export const actionButton = style([smallButtonBase, tapTarget, { minHeight: '32px' }]);
/** A column of the order page's grid: never wider than the screen (min-width 0 lets long texts wrap). */
export const column = style({ minWidth: 0 });
/** The status, the funds and the link: first on a phone, where the columns stack. */
export const sideColumn = style([column, { '@media': { [upTo(776)]: { order: -1 } } }]);
