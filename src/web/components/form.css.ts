import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.m });
export const label = style({ fontWeight: 600, fontSize: '14px' });
export const hint = style({ color: vars.color.muted, fontSize: '13px' });
export const error = style({ color: vars.color.red, fontSize: '13px' });
/** The thin border of a control: text boxes, selects, small buttons. */
export const outlined = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.s });
/** A compact text box: the back office's search and filter rows. */
export const compactInput = style([outlined, { padding: '8px 10px', fontSize: '15px' }]);
/** A form's text box, red when its value is refused. */
const textBox = style([
  outlined,
  { width: '100%', padding: '10px 12px', fontSize: '16px', selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.red } } },
]);
export const input = style([textBox, { background: vars.color.surface }]);
export const textarea = style([textBox, { minHeight: '96px' }]);
const buttonBase = style({
  padding: '10px 20px',
  fontSize: '16px',
  borderRadius: vars.radius.s,
  cursor: 'pointer',
  border: '1px solid transparent',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: '#fff' }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
});
