import { style } from '@vanilla-extract/css';
import { surface } from '../../../components/card.css.js';
import { upTo, vars } from '../../../styles/theme.css.js';

export { textButton as retry, visuallyHidden } from '../../../components/inline.css.js';

export const dashboard = style([surface, { padding: vars.space.m, margin: `${vars.space.m} 0`, minWidth: 0 }]);
export const heading = style({ fontSize: '16px', margin: 0 });
export const period = style({ color: vars.color.muted, fontSize: '13px', margin: `0 0 ${vars.space.s}` });

/** Two charts side by side on a wide screen, one above the other on a narrow one. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.m,
  '@media': { [upTo(776)]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const figure = style({ margin: 0, minWidth: 0 });
export const figureTitle = style({ fontSize: '14px', fontWeight: 600, margin: `0 0 ${vars.space.xs}` });
export const summary = style({ fontSize: '13px', color: vars.color.muted, margin: `${vars.space.xs} 0 0` });

/** The chart takes its box's width and never pushes the page wider (it resizes to the box). */
export const chart = style({ width: '100%', minWidth: 0, overflow: 'hidden', minHeight: '220px', fontSize: '12px' });
export const chartPlaceholder = style([chart, { display: 'grid', placeItems: 'center', color: vars.color.muted }]);

export const funnelSection = style({ marginTop: vars.space.m });
export const funnel = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, fontSize: '13px' });
export const funnelStep = style({
  display: 'grid',
  gridTemplateColumns: '8em minmax(0, 1fr) max-content',
  alignItems: 'center',
  gap: vars.space.s,
  '@media': { [upTo(576)]: { gridTemplateColumns: '6.5em minmax(0, 1fr) max-content' } },
});
export const funnelTrack = style({ background: vars.color.page, borderRadius: vars.radius.s, height: '14px', overflow: 'hidden' });
export const funnelBar = style({ background: vars.color.brand, height: '100%', borderRadius: vars.radius.s });
export const funnelValue = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const notice = style({ margin: 0, fontSize: '14px' });
export const failed = style([notice, { color: vars.color.red }]);
