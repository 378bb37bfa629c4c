import { style } from '@vanilla-extract/css';
import { inputIcon } from '../../components/inline.css.js';
import { vars } from '../../styles/theme.css.js';

export { textButton as retry, visuallyHidden } from '../../components/inline.css.js';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const label = style({ fontWeight: 600, fontSize: '15px', color: vars.color.text });
export const control = style({ position: 'relative' });
export const icon = style([inputIcon, { left: '14px', width: '20px', height: '20px' }]);
export const input = style({
  width: '100%',
  height: '52px',
  padding: '0 16px 0 44px',
  fontSize: '16px',
  fontFamily: 'inherit',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  color: vars.color.text,
  transition: 'border-color .15s, box-shadow .15s',
  selectors: {
    '&:focus': { outline: 'none', borderColor: vars.color.brand, boxShadow: '0 0 0 3px rgba(31,111,235,.2)' },
  },
});
const floating = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  right: 0,
  zIndex: 20,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  boxShadow: '0 12px 32px rgba(15, 35, 75, .16)',
});
export const listbox = style([floating, { margin: 0, padding: vars.space.xs, listStyle: 'none', maxHeight: '320px', overflowY: 'auto' }]);
export const popup = floating;
export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: '10px 12px',
  borderRadius: vars.radius.s,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: '#eaf2ff' } },
});
export const optionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const optionName = style({ fontWeight: 600, color: vars.color.text });
export const optionEnglish = style({
  fontSize: '13px',
  color: vars.color.muted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const currency = style({
  flexShrink: 0,
  fontSize: '12px',
  fontWeight: 600,
  color: vars.color.brandDark,
  background: '#eaf2ff',
  borderRadius: '999px',
  padding: '2px 8px',
});
export const mark = style({ background: 'transparent', color: vars.color.brand, fontWeight: 700 });
export const status = style({ padding: '12px 16px', color: vars.color.muted, fontSize: '14px' });
export const hint = style({ fontSize: '13px', color: vars.color.muted });
