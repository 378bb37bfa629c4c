import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.js';

/** The white, bordered, rounded box that cards, panels and tables stand in. */
export const surface = style({ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.m });

/** A white card with a border: the order page's panels and the progress display. */
export const card = style([surface, { padding: vars.space.m, minWidth: 0 }]);
