import { style } from '@vanilla-extract/css';
import { inputIcon } from '../../components/inline.css.js';
import { vars } from '../../styles/theme.css.js';

export { textButton as retry, visuallyHidden } from '../../components/inline.css.js';

export const page = style({ maxWidth: vars.width.content, margin: '0 auto', minHeight: '70vh', background: vars.color.surface });
export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.s} ${vars.space.m}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const control = style({ position: 'relative', flex: 1 });
export const icon = style([inputIcon, { left: '12px', width: '18px', height: '18px' }]);
export const input = style({
  width: '100%',
  height: '40px',
  padding: '0 12px 0 38px',
  fontSize: '16px',
  fontFamily: 'inherit',
  border: 'none',
  borderRadius: '999px',
  background: vars.color.page,
  color: vars.color.text,
  selectors: { '&:focus': { outline: `2px solid ${vars.color.brand}`, outlineOffset: 0 } },
});
export const cancel = style({ flexShrink: 0, padding: '8px 4px', textDecoration: 'none', fontSize: '16px' });
export const results = style({ padding: `${vars.space.m} 0` });
export const heading = style({ margin: `0 ${vars.space.m} ${vars.space.s}`, fontSize: '14px', fontWeight: 600, color: vars.color.muted });
export const note = style({ margin: `${vars.space.s} ${vars.space.m}`, color: vars.color.muted });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: `12px ${vars.space.m}`,
  borderBottom: `1px solid ${vars.color.page}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.page } },
});
export const itemText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const name = style({ fontWeight: 600 });
export const english = style({
  fontSize: '13px',
  color: vars.color.muted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const chevron = style({ color: vars.color.grey, fontSize: '22px', lineHeight: 1 });
