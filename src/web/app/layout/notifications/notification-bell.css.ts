import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../../styles/theme.css.js';
import { tapTarget } from '../../../styles/tap-target.css.js';
import { popup, popupItem, quietButton } from '../../../components/popup.css.js';

export const trigger = style([
  quietButton,
  tapTarget,
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '6px 10px',
    color: vars.color.text,
  },
]);
export const badge = style({
  position: 'absolute',
  top: '-6px',
  right: '-6px',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: '9px',
  background: vars.color.red,
  color: '#fff',
  fontSize: '11px',
  lineHeight: '18px',
  fontWeight: 700,
  textAlign: 'center',
});
/** A panel as wide as a phone allows: at 375 px it spans the screen less its margins. */
export const panel = style([popup, { width: '360px', maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh', overflowY: 'auto' }]);
export const item = style([popupItem, { display: 'block', padding: `${vars.space.s} ${vars.space.m}` }]);
export const unread = style({ borderLeft: `3px solid ${vars.color.brand}` });
export const title = style({ fontWeight: 600, fontSize: '14px', overflowWrap: 'anywhere' });
export const body = style({ fontSize: '13px', color: vars.color.text, overflowWrap: 'anywhere', marginTop: '2px' });
export const time = style({ fontSize: '12px', color: vars.color.muted, marginTop: '2px' });
export const note = style({ padding: vars.space.m, color: vars.color.muted, fontSize: '14px' });
export const readAll = style([
  item,
  { color: vars.color.brand, fontSize: '13px', '@media': { [upTo(breakpoints.phone)]: { fontSize: '14px' } } },
]);
