import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.js';
import { tapLink, tapTarget } from '../../styles/tap-target.css.js';

export const uploader = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.s });
export { visuallyHidden } from '../inline.css.js';
export const uploadButton = style([
  tapTarget,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.s,
    padding: '9px 18px',
    fontSize: '15px',
    font: 'inherit',
    borderRadius: vars.radius.s,
    border: `1px dashed ${vars.color.brand}`,
    background: '#f0f6ff',
    color: vars.color.brand,
    cursor: 'pointer',
    selectors: { '&:hover': { background: '#e2eeff' } },
  },
]);
export const note = style({ margin: 0, color: vars.color.muted, fontSize: '13px' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.s} ${vars.space.s}`,
  borderRadius: vars.radius.s,
  background: vars.color.page,
  fontSize: '14px',
  minWidth: 0,
});
export const fileIcon = style({ flex: 'none', display: 'inline-flex', color: vars.color.muted });
export const name = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const linkButton = style([
  tapLink,
  {
    flex: 'none',
    border: 'none',
    background: 'none',
    padding: '2px 4px',
    font: 'inherit',
    fontSize: '14px',
    color: vars.color.brand,
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
  },
]);
export const dangerLink = style([linkButton, { color: vars.color.red }]);
export const uploadingRow = style([item, { flexWrap: 'wrap', background: '#f0f6ff' }]);
export const uploadingLabel = style({ flex: 'none', color: vars.color.brand, fontSize: '13px' });
export const progress = style({
  position: 'relative',
  overflow: 'hidden',
  flexBasis: '100%',
  height: '6px',
  borderRadius: '3px',
  background: vars.color.border,
  transform: 'translateZ(0)',
});
export const progressIndicator = style({
  width: '100%',
  height: '100%',
  background: vars.color.brand,
  transition: 'transform 200ms ease-out',
});
export const queuedRow = style([item, { flexWrap: 'wrap' }]);
export const failedRow = style([item, { flexWrap: 'wrap', background: '#fff1f0' }]);
export const failedText = style({ flex: 1, minWidth: 0, color: vars.color.red, overflowWrap: 'anywhere' });
export const reason = style({ flexBasis: '100%', color: vars.color.muted, fontSize: '13px', overflowWrap: 'anywhere' });
export const empty = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
