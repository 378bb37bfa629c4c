import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

const phone = upTo(breakpoints.phone);

export const page = style({
  minHeight: 'calc(100vh - 180px)',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `${vars.space.xl} ${vars.space.m}`,
  background: 'linear-gradient(180deg, #e8f0fe 0%, rgba(246,248,250,0) 320px)',
  '@media': { [phone]: { padding: `${vars.space.m} ${vars.space.s}` } },
});
export const card = style({
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  borderRadius: '12px',
  border: `1px solid ${vars.color.border}`,
  boxShadow: '0 12px 40px rgba(15, 35, 75, .10)',
  overflow: 'hidden',
});
export const cardWide = style([card, { maxWidth: '860px' }]);
export const band = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `10px ${vars.space.l}`,
  color: '#fff',
  fontSize: '13px',
  background: 'linear-gradient(135deg, #0b2d6b 0%, #1554b8 55%, #0f8a8a 100%)',
});
export const bandMark = style({ fontWeight: 700, padding: '1px 8px', borderRadius: '999px', background: 'rgba(255,255,255,.18)' });
export const body = style({
  padding: `${vars.space.l} ${vars.space.l} ${vars.space.xl}`,
  '@media': { [phone]: { padding: vars.space.m } },
});
export const title = style({ margin: 0, fontSize: '24px' });
export const subtitle = style({ margin: `${vars.space.xs} 0 ${vars.space.l}`, color: vars.color.muted, fontSize: '14px' });
export const input = style({ height: '44px', fontFamily: 'inherit' });
export const form = style({ display: 'flex', flexDirection: 'column' });
/** The shared Button takes no class: the row makes it full width. */
export const submitRow = style({ marginTop: vars.space.s });
globalStyle(`${submitRow} > button`, { width: '100%', height: '44px', fontWeight: 600 });
export const links = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.s,
  marginTop: vars.space.m,
  fontSize: '14px',
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  fontSize: '14px',
  cursor: 'pointer',
  // The whole row takes the tap: 44 px tall on touch screens, the box centred in it.
  '@media': { [upTo(breakpoints.collapsedMenu)]: { minHeight: '44px', alignItems: 'center' } },
});
export const checkbox = style({ width: '16px', height: '16px', marginTop: '3px', flexShrink: 0 });
export const checkboxField = style({ marginBottom: vars.space.m });
export const fieldError = style({ color: vars.color.red, fontSize: '13px', marginTop: vars.space.xs });

/** Login: WeChat on the left, email on the right; stacked on narrow screens. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
  gap: vars.space.l,
  '@media': { [upTo(breakpoints.collapsedMenu)]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const columnTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '17px' });
export const columnHint = style({ margin: `0 0 ${vars.space.m}`, color: vars.color.muted, fontSize: '13px' });
export const divider = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  color: vars.color.muted,
  fontSize: '13px',
  '::before': { content: '""', flex: 1, width: '1px', background: vars.color.border },
  '::after': { content: '""', flex: 1, width: '1px', background: vars.color.border },
  '@media': {
    [upTo(breakpoints.collapsedMenu)]: {
      flexDirection: 'row',
      selectors: { '&::before, &::after': { height: '1px', width: 'auto' } },
    },
  },
});
export const qrFrame = style({
  width: '100%',
  maxWidth: '320px',
  height: '400px',
  border: 'none',
  alignSelf: 'center',
  borderRadius: vars.radius.m,
  background: vars.color.page,
});
export const wechatBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.m,
  padding: vars.space.l,
  minHeight: '200px',
  borderRadius: vars.radius.m,
  selectors: {
    '&[data-compact]': { minHeight: 0, flexDirection: 'row', justifyContent: 'flex-start', textAlign: 'left', padding: vars.space.m },
  },
  background: vars.color.page,
  border: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: '14px',
});
export const wechatLogo = style({
  width: '56px',
  height: '56px',
  borderRadius: '14px',
  display: 'grid',
  placeItems: 'center',
  color: '#fff',
  background: '#07c160',
});
export const wechatButton = style({
  width: '100%',
  height: '44px',
  border: 'none',
  borderRadius: vars.radius.s,
  background: '#07c160',
  color: '#fff',
  fontSize: '16px',
  fontWeight: 600,
  cursor: 'pointer',
});

export const success = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  padding: `${vars.space.l} 0`,
});
export const successIcon = style({
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  fontSize: '28px',
  color: '#fff',
  background: vars.color.green,
});
export const successTitle = style({ margin: `${vars.space.m} 0 ${vars.space.xs}`, fontSize: '20px', fontWeight: 700 });
export const successText = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const successActions = style({
  display: 'flex',
  gap: vars.space.m,
  marginTop: vars.space.l,
  flexWrap: 'wrap',
  justifyContent: 'center',
});
export const primaryLink = style({
  display: 'inline-block',
  padding: '10px 28px',
  borderRadius: vars.radius.s,
  background: vars.color.brand,
  color: '#fff',
  textDecoration: 'none',
  fontWeight: 600,
});

// Standalone links under the forms: whole tap targets on touch screens; the agreement's titles grow by padding.
globalStyle(`${links} a`, {
  '@media': { [upTo(breakpoints.collapsedMenu)]: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' } },
});
globalStyle(`${checkboxRow} a`, { '@media': { [upTo(breakpoints.collapsedMenu)]: { padding: '13px 4px', margin: '-13px -4px' } } });

/** A link-looking button (the second step's "use a recovery code", "use a passkey"). */
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: '4px 0',
  minHeight: '44px',
  color: vars.color.brand,
  cursor: 'pointer',
  fontSize: '14px',
  fontFamily: 'inherit',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'default' } },
});
