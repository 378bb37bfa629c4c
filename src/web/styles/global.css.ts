import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.js';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.page,
  lineHeight: 1.5,
  // Text from outside (a notice, a name, a reference) never makes the page wider than the screen.
  overflowWrap: 'break-word',
});
// Form controls take the page's font, not the system's: one family on every screen.
globalStyle('button, input, select, textarea', { font: 'inherit' });
globalStyle('a', { color: vars.color.brand });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.brand}`, outlineOffset: '2px' });
