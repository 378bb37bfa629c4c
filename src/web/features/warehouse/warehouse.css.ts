import { globalStyle, style } from '@vanilla-extract/css';
import { upTo, vars } from '../../styles/theme.css.js';
import { card as baseCard } from '../../components/card.css.js';
import { compactInput } from '../../components/form.css.js';
import { dialogActions, page } from '../../components/page-parts.css.js';
import { tapLink } from '../../styles/tap-target.css.js';

export * from '../../components/page-parts.css.js';

/** A warehouse screen (the stock page, the detail pages). */
export const screen = style([page]);
// A link's 44 px box centres its text: the cells beside it line up on that text, not on the box's top.
globalStyle(`${screen} td`, { verticalAlign: 'baseline' });

export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
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
  alignItems: 'baseline',
  gap: '4px 12px',
  margin: 0,
  fontSize: '14px',
});
export const fieldName = style({ color: vars.color.muted });
export const fieldValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, marginBottom: vars.space.m });
export const muted = style({ color: vars.color.muted });
export const pair = style({ display: 'contents' });
/** A link in the warehouse screens (rows, breadcrumb, detail facts): 44 px tall where fingers tap. */
export const link = tapLink;
/** A received count that differs from the declared one: marked, not only coloured (the text says short or over). */
export const difference = style({
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: vars.radius.s,
  background: vars.color.warningBg,
  color: vars.color.red,
  border: `1px solid ${vars.color.red}`,
  fontSize: '13px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
/**
 * The dialog's footer with submit: it sticks to the foot of the dialog (the dialog scrolls), so on
 * a phone the fields scroll under it and the button stays in view.
 */
export const dialogFooter = style([
  dialogActions,
  {
    position: 'sticky',
    bottom: `calc(-1 * ${vars.space.l})`,
    background: vars.color.surface,
    padding: `${vars.space.s} 0 ${vars.space.l}`,
    marginBottom: `calc(-1 * ${vars.space.l})`,
    borderTop: `1px solid ${vars.color.border}`,
    '@media': {
      [upTo(576)]: {
        bottom: `calc(-1 * ${vars.space.m})`,
        paddingBottom: vars.space.m,
        marginBottom: `calc(-1 * ${vars.space.m})`,
      },
    },
  },
]);
