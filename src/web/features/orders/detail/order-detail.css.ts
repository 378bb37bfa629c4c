import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../../styles/theme.css.js';
import { tapLink, tapTarget } from '../../../styles/tap-target.css.js';
import { stackedPage } from '../../../components/page-frame.css.js';

const phone = upTo(breakpoints.phone);
const narrow = upTo(breakpoints.content);

export const page = style([
  stackedPage,
  { maxWidth: vars.width.wide, '@media': { [phone]: { padding: `${vars.space.m} ${vars.space.s}`, gap: '12px' } } },
]);
export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  flexWrap: 'wrap',
});
export const title = style({ margin: 0, fontSize: '22px', '@media': { [phone]: { fontSize: '19px' } } });
export const orderNo = style({ margin: '2px 0 0', color: vars.color.muted, fontSize: '13px', overflowWrap: 'anywhere' });
export const titleActions = style({ display: 'flex', gap: vars.space.s });
export const smallButton = style([
  tapTarget,
  {
    padding: '6px 14px',
    font: 'inherit',
    fontSize: '14px',
    borderRadius: vars.radius.s,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: { '&:hover': { background: vars.color.page }, '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
  },
]);

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  padding: `12px ${vars.space.m}`,
  borderRadius: vars.radius.m,
  background: vars.color.warningBg,
  border: '1px solid #eed888',
  color: '#6b4f00',
  fontSize: '15px',
});
export const bannerIcon = style({ flex: 'none', marginTop: '3px' });

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 260px',
  gap: vars.space.m,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  minWidth: 0,
  '@media': { [phone]: { gap: '12px' } },
});

export { card } from '../../../components/card.css.js';
export const cardTitle = style({ margin: `0 0 12px`, fontSize: '16px' });

// Panels
export const panels = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `6px ${vars.space.m}`,
  margin: `0 0 ${vars.space.m}`,
  fontSize: '14px',
});
export const factsTight = style([facts, { margin: 0 }]);
export const factPair = style({ display: 'contents' });
export const institutionName = style({ margin: '0 0 12px', fontWeight: 600, fontSize: '15px', overflowWrap: 'anywhere' });
export const factLabel = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const bigAmount = style({ fontSize: '20px', fontWeight: 700, color: vars.color.text });
export const buttonRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.s });
export const payButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.s,
  minWidth: '180px',
  padding: '11px 22px',
  font: 'inherit',
  fontSize: '16px',
  fontWeight: 600,
  borderRadius: vars.radius.s,
  border: 'none',
  cursor: 'pointer',
  color: '#fff',
  textDecoration: 'none',
  '@media': { [phone]: { width: '100%' } },
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'wait' } },
});
export const payButtonKind = styleVariants({
  card: [payButton, { background: vars.color.brand }],
  wechat: [payButton, { background: '#07c160' }],
  plain: [payButton, { background: vars.color.brand }],
});
export const notice = style({
  margin: `${vars.space.m} 0 0`,
  padding: `10px ${vars.space.m}`,
  borderRadius: vars.radius.s,
  background: '#f0f6ff',
  border: '1px solid #d6e6ff',
  fontSize: '14px',
});
export const qr = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.m,
  textAlign: 'center',
});
export const qrImage = style({
  width: '200px',
  height: '200px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  background: '#fff',
  imageRendering: 'pixelated',
});
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const finishRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  marginTop: vars.space.m,
  paddingTop: vars.space.m,
  borderTop: `1px dashed ${vars.color.border}`,
});

// Files and institution
export const fileList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fileItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.s, fontSize: '14px', minWidth: 0 });
export const fileName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const link = style([tapLink, { flex: 'none', color: vars.color.brand, fontSize: '14px' }]);

// Management column
export const aside = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  position: 'sticky',
  top: vars.space.m,
  '@media': { [narrow]: { position: 'static' } },
});
export const manageList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
const manageBase = style([
  tapTarget,
  {
    display: 'flex',
    width: '100%',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '10px 4px',
    border: 'none',
    borderBottom: `1px solid ${vars.color.page}`,
    background: 'none',
    font: 'inherit',
    fontSize: '14px',
    textAlign: 'left',
    cursor: 'pointer',
  },
]);
export const manageLink = styleVariants({
  disabled: [manageBase, { color: vars.color.grey, cursor: 'not-allowed' }],
  active: [manageBase, { color: vars.color.brand }],
  danger: [manageBase, { color: vars.color.red }],
});
export const devNote = style({ margin: `${vars.space.s} 0 0`, fontSize: '13px', color: '#9a6700', minHeight: '1.5em' });

// Dialog
export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)', zIndex: 900 });
export const dialog = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(92vw, 400px)',
  padding: vars.space.l,
  background: vars.color.surface,
  borderRadius: vars.radius.m,
  boxShadow: '0 12px 40px rgba(0,0,0,0.2)',
  zIndex: 901,
});
export const dialogTitle = style({ margin: `0 0 ${vars.space.s}`, fontSize: '18px' });
export const dialogText = style({ margin: `0 0 ${vars.space.l}`, color: vars.color.muted });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.s, flexWrap: 'wrap' });
export const dangerButton = style({
  padding: '10px 20px',
  font: 'inherit',
  fontSize: '15px',
  borderRadius: vars.radius.s,
  border: 'none',
  background: vars.color.red,
  color: '#fff',
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'wait' } },
});

export const stateBox = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.muted });

// Transfer instructions: on a phone each label sits above its value, so account numbers keep one line.
export const transferFacts = style([
  facts,
  {
    margin: 0,
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: '2px' } },
  },
]);
export const transferValue = style([
  factValue,
  { fontWeight: 600, overflowWrap: 'break-word', '@media': { [phone]: { marginBottom: '8px' } } },
]);
