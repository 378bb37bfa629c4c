import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.js';

export const section = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.m} 0`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.s,
});
export const sectionTitle = style({ margin: 0, fontSize: '17px' });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const on = style({ margin: 0, color: vars.color.green, fontSize: '14px', fontWeight: 600 });
export const required = style({ margin: `0 0 ${vars.space.m}`, color: vars.color.red, fontWeight: 600 });
export const setup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s, width: '100%', maxWidth: '360px' });
export const qr = style({ width: '200px', height: '200px', background: '#fff', border: `1px solid ${vars.color.border}` });
/** A base32 key is one long word: it may break anywhere rather than widen the page. */
export const secret = style({ wordBreak: 'break-all', fontSize: '13px' });
export const codes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const codesTitle = style({ margin: 0, fontSize: '15px' });
export const codeList = style({ margin: 0, paddingLeft: '1.6em', columns: 2, fontSize: '15px', lineHeight: 1.8 });
/** A checkbox or a select with its label: a 44 px tall row to tap on a phone. */
export const choice = style({ display: 'flex', alignItems: 'center', gap: vars.space.s, minHeight: '44px', fontSize: '15px' });
