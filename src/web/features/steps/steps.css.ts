import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';
import { surface } from '../../components/card.css.js';

const phone = upTo(breakpoints.phone);

/** The step screens sit in the content column. */
export { contentPage as page } from '../../components/page-frame.css.js';

export const notice = style({
  display: 'flex',
  gap: vars.space.s,
  alignItems: 'flex-start',
  background: vars.color.warningBg,
  border: '1px solid #d4a72c',
  borderRadius: vars.radius.m,
  padding: `${vars.space.s} ${vars.space.m}`,
  marginBottom: vars.space.m,
  fontSize: '14px',
  whiteSpace: 'pre-line',
  // A long unbroken word (a URL, say) wraps inside the banner instead of widening the page.
  overflowWrap: 'anywhere',
  minWidth: 0,
});
export const noticeTag = style({ fontWeight: 700, flexShrink: 0, color: '#7d4e00' });
/** A flex item shrinks below its longest word only when told to. */
export const noticeText = style({ minWidth: 0, overflowWrap: 'anywhere' });

/* The five-step header. */
export const steps = style({ marginBottom: vars.space.m });
export const stepList = style({ display: 'flex', listStyle: 'none', margin: 0, padding: 0 });
export const stepItem = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  position: 'relative',
  fontSize: '13px',
  color: vars.color.muted,
  selectors: {
    '&:not(:first-child)::before': {
      content: '""',
      position: 'absolute',
      top: '14px',
      right: '50%',
      width: '100%',
      height: '2px',
      background: vars.color.border,
    },
    '&[data-state="done"]::before, &[data-state="current"]::before': { background: vars.color.brand },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: 600 },
  },
});
const dotBase = style({
  position: 'relative',
  zIndex: 1,
  width: '30px',
  height: '30px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  fontSize: '14px',
  fontWeight: 600,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const stepDot = styleVariants({
  done: [dotBase, { borderColor: vars.color.brand, color: vars.color.brand }],
  current: [dotBase, { borderColor: vars.color.brand, background: vars.color.brand, color: '#fff' }],
  todo: [dotBase, { color: vars.color.muted }],
});
export const stepLabel = style({
  marginTop: vars.space.xs,
  textAlign: 'center',
  lineHeight: 1.3,
  padding: '0 2px',
  '@media': { [phone]: { fontSize: '12px' } },
});
/** On a phone only the current step keeps its label; the others show their number. */
export const stepLabelOther = style({ '@media': { [upTo(420)]: { display: 'none' } } });

export const card = style([
  surface,
  { padding: vars.space.l, boxShadow: '0 1px 3px rgba(31,35,40,0.06)', '@media': { [phone]: { padding: vars.space.m } } },
]);
export const title = style({ fontSize: '20px', margin: `0 0 ${vars.space.m}`, lineHeight: 1.35 });
export const intro = style({ color: vars.color.muted, fontSize: '14px', margin: `0 0 ${vars.space.m}` });
export const infoBox = style({
  background: '#ddf4ff',
  border: '1px solid #54aeff',
  borderRadius: vars.radius.s,
  padding: `${vars.space.s} ${vars.space.m}`,
  fontSize: '14px',
  margin: `0 0 ${vars.space.m}`,
});

export const sectionTitle = style({
  fontSize: '16px',
  margin: `${vars.space.l} 0 ${vars.space.m}`,
  paddingLeft: vars.space.s,
  borderLeft: `3px solid ${vars.color.brand}`,
  lineHeight: 1.2,
  selectors: { '&:first-child': { marginTop: 0 } },
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: vars.space.m,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const wide = style({ gridColumn: '1 / -1' });

export const readOnly = style({ background: vars.color.page, color: vars.color.text, cursor: 'default' });
export const secondaryLabel = style({ marginLeft: vars.space.s, fontWeight: 400, color: vars.color.muted });
export const optional = style({ marginLeft: vars.space.xs, fontWeight: 400, color: vars.color.muted, fontSize: '12px' });

export const phoneRow = style({ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', gap: vars.space.s });

export const select = style({ appearance: 'auto' });

/* Back / Next. */
export const actions = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.m,
  marginTop: vars.space.l,
  paddingTop: vars.space.m,
  borderTop: `1px solid ${vars.color.border}`,
});
export const actionsEnd = style({ justifyContent: 'flex-end' });
globalStyle(`${actions} > *`, { minWidth: '120px', textAlign: 'center' });
globalStyle(`${actions} > *`, { '@media': { [phone]: { flex: 1, minWidth: 0 } } });
export const linkButton = style({
  display: 'inline-block',
  padding: '10px 20px',
  fontSize: '16px',
  borderRadius: vars.radius.s,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  lineHeight: 'normal',
  selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.brand } },
});

/* States. */
export const state = style({ padding: `${vars.space.xl} ${vars.space.m}`, textAlign: 'center', color: vars.color.muted });
export const failure = style({
  padding: vars.space.l,
  textAlign: 'center',
  color: vars.color.red,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.m,
});

/* Step 1. */
export const institution = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space.m,
  background: vars.color.page,
  borderRadius: vars.radius.m,
  marginBottom: vars.space.l,
});
export const institutionLabel = style({ fontSize: '13px', color: vars.color.muted });
export const receiveLine = style({ fontSize: '18px', fontWeight: 600, margin: 0 });
export const nameEn = style({ fontSize: '14px', color: vars.color.muted });
export const amountGroup = style({
  display: 'flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
  overflow: 'hidden',
  selectors: {
    '&:focus-within': { borderColor: vars.color.brand, boxShadow: `0 0 0 3px rgba(31,111,235,0.2)` },
    '&[data-invalid="true"]': { borderColor: vars.color.red },
  },
});
export const currencyTag = style({
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.m}`,
  background: vars.color.page,
  borderRight: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: '18px',
  letterSpacing: '0.5px',
});
export const amountInput = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  padding: '12px 14px',
  fontSize: '24px',
  fontFamily: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  background: 'transparent',
  outline: 'none',
  selectors: { '&:read-only': { color: vars.color.muted } },
});
export const estimate = style({
  marginTop: vars.space.l,
  padding: vars.space.m,
  borderRadius: vars.radius.m,
  background: '#f0f6ff',
  border: '1px solid #b6d4fe',
});
export const estimateRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.m,
  flexWrap: 'wrap',
});
export const estimateLabel = style({ fontSize: '14px', color: vars.color.muted });
export const estimateValue = style({
  fontSize: '28px',
  fontWeight: 700,
  color: vars.color.brand,
  fontVariantNumeric: 'tabular-nums',
  wordBreak: 'break-all',
});
export const estimateNote = style({ fontSize: '12px', color: vars.color.muted, marginTop: vars.space.xs });

/* Step 4. */
export const summarySection = style({ marginBottom: vars.space.l });
export const summaryHeading = style({ fontSize: '16px', fontWeight: 600, margin: `0 0 ${vars.space.xs}` });
export const summary = style({ margin: 0 });
export const summaryRow = style({
  display: 'grid',
  gridTemplateColumns: '180px minmax(0, 1fr)',
  gap: vars.space.m,
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: '2px' } },
});
export const summaryTerm = style({ color: vars.color.muted, fontSize: '14px' });
export const summaryValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const summaryStrong = style({ fontSize: '20px', color: vars.color.brand, fontVariantNumeric: 'tabular-nums' });
export const summaryEmpty = style({ color: vars.color.grey, fontWeight: 400 });

/* Step 5. */
export const payCards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.m,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const payCard = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.l,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  selectors: { '&[data-suggested="true"]': { borderColor: vars.color.brand, background: '#f7fbff' } },
});
export const payHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.s });
export const payIcon = style({
  width: '36px',
  height: '36px',
  borderRadius: '8px',
  display: 'grid',
  placeItems: 'center',
  color: '#fff',
  fontWeight: 700,
  fontSize: '16px',
  flexShrink: 0,
});
export const payIconScan = style([payIcon, { background: '#07c160' }]);
export const payIconBank = style([payIcon, { background: vars.color.brand }]);
export const payTitle = style({ fontSize: '17px', margin: 0 });
export const payBadge = style({
  position: 'absolute',
  top: '-11px',
  right: vars.space.m,
  background: vars.color.brand,
  color: '#fff',
  fontSize: '12px',
  padding: '2px 10px',
  borderRadius: '999px',
});
export const payAmountLabel = style({ fontSize: '13px', color: vars.color.muted, marginTop: vars.space.s });
export const payAmount = style({ fontSize: '26px', fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const payLimit = style({ fontSize: '14px', color: vars.color.muted, marginBottom: vars.space.s });
globalStyle(`${payCard} > button`, { marginTop: 'auto', width: '100%' });
export const payFooter = style({
  marginTop: vars.space.l,
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.s,
  fontSize: '14px',
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});
