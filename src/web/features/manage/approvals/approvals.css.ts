import { style, styleVariants } from '@vanilla-extract/css';
import { card as baseCard } from '../../../components/card.css.js';
import { tapTarget } from '../../../styles/tap-target.css.js';
import { upTo, vars } from '../../../styles/theme.css.js';

/**
 * The tab's trigger holds the count's words for screen readers (visually hidden, absolutely
 * placed): positioned, it keeps them inside the scrolling tab list instead of placing them where
 * the trigger would be off-screen, which widened a phone's page to 653 px.
 */
export const trigger = style({ position: 'relative' });

/** The count on the tab's trigger. */
export const countBadge = style({
  display: 'inline-block',
  minWidth: '20px',
  marginLeft: '6px',
  padding: '0 6px',
  borderRadius: '999px',
  background: vars.color.red,
  color: '#fff',
  fontSize: '12px',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
});

export const states = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, marginBottom: vars.space.m });
export const stateButton = style([
  tapTarget,
  {
    padding: '8px 14px',
    fontSize: '14px',
    border: `1px solid ${vars.color.border}`,
    borderRadius: '999px',
    background: vars.color.surface,
    cursor: 'pointer',
    selectors: {
      '&[aria-pressed="true"]': { background: vars.color.brand, borderColor: vars.color.brand, color: '#fff', fontWeight: 600 },
    },
  },
]);

/** Cards, one under the other: a phone reads each proposal whole, without a table scrolling sideways. */
export const list = style({ display: 'grid', gap: vars.space.m, margin: 0, padding: 0, listStyle: 'none' });
export const card = style([baseCard, { '@media': { [upTo(576)]: { padding: vars.space.s } } }]);
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.s}`,
  margin: `0 0 ${vars.space.s}`,
});
export const kind = style({ fontSize: '16px', fontWeight: 600, margin: 0, overflowWrap: 'anywhere' });
export const stateBadge = styleVariants({
  pending: { padding: '2px 10px', borderRadius: '999px', fontSize: '13px', background: vars.color.warningBg, border: '1px solid #d4a72c' },
  approved: {
    padding: '2px 10px',
    borderRadius: '999px',
    fontSize: '13px',
    background: '#e8f5e9',
    color: '#1b5e20',
    border: '1px solid #a5d6a7',
  },
  rejected: {
    padding: '2px 10px',
    borderRadius: '999px',
    fontSize: '13px',
    background: '#fdecea',
    color: '#8e1c14',
    border: '1px solid #f5a9a3',
  },
});

/** Field, then before → after; on a phone the field's name stands above its values. */
export const changes = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: `0 0 ${vars.space.s}`,
  fontSize: '14px',
  '@media': { [upTo(576)]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0 } },
});
export const field = style({ color: vars.color.muted, '@media': { [upTo(576)]: { marginTop: vars.space.xs } } });
// An IBAN or an account name is one long word: it wraps inside the card rather than widening the page.
export const values = style({ margin: 0, overflowWrap: 'anywhere' });
export const before = style({ color: vars.color.muted, textDecoration: 'line-through' });
export const after = style({ fontWeight: 600 });
// On a phone the new value gets a line of its own, so an IBAN is read whole, under the old one.
export const afterLine = style({ '@media': { [upTo(576)]: { display: 'block' } } });
export const arrow = style({ margin: `0 ${vars.space.xs}`, color: vars.color.muted, '@media': { [upTo(576)]: { marginLeft: 0 } } });

export const meta = style({ margin: `${vars.space.xs} 0 0`, fontSize: '13px', color: vars.color.muted, overflowWrap: 'anywhere' });
export const reason = style({ margin: `${vars.space.xs} 0 0`, fontSize: '14px', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
// Under the buttons, whole width: why Approve is disabled.
export const ownNote = style({ order: 1, flexBasis: '100%', margin: 0, fontSize: '13px', color: vars.color.muted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, marginTop: vars.space.s });
export const action = style([tapTarget, { flex: '0 0 auto' }]);
export const dialogText = style({ margin: `0 0 ${vars.space.m}`, color: vars.color.muted, fontSize: '14px' });
export { textarea } from '../../../components/form.css.js';
