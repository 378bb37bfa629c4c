import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.js';

/** The tab's parts never widen a phone's page: long references and file names break anywhere. */
export const tab = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const importForm = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.s });
export const fileInput = style({ minHeight: '44px', width: '100%', minWidth: 0 });
export const progress = style({ width: '100%', height: '12px', margin: `${vars.space.s} 0` });
export const figures = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m, margin: `${vars.space.s} 0 0` });
export const figure = style({ display: 'grid', gap: '2px' });
export const figureValue = style({ margin: 0, fontSize: '20px', fontWeight: 700 });
export const entryFields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '2px 12px',
  margin: `${vars.space.s} 0`,
});
export const search = style({ margin: `${vars.space.s} 0` });
export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.s });
/** The hint names the CSV's header, one long word: it breaks anywhere rather than widen a phone's page. */
export const hint = style({ overflowWrap: 'anywhere' });
