import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';
import { tapTarget } from '../styles/tap-target.css.js';
import { surface } from './card.css.js';

/** A quiet bordered button of the header: the user menu, the language, the bell. */
export const quietButton = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: vars.radius.s,
  padding: '6px 12px',
  cursor: 'pointer',
  font: 'inherit',
});

/** What a menu or a popover opens: a card lifted above the page. */
export const popup = style([surface, { padding: vars.space.xs, boxShadow: '0 4px 16px rgba(0,0,0,0.12)', zIndex: 100 }]);

/** One row of a popup: a full tap target, tinted while the keyboard or pointer is on it. */
export const popupItem = style([
  tapTarget,
  {
    borderRadius: vars.radius.s,
    cursor: 'pointer',
    outline: 'none',
    selectors: { '&[data-highlighted]': { background: vars.color.page } },
  },
]);
