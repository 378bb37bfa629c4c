import { style } from '@vanilla-extract/css';
import { breakpoints, upTo } from './theme.css.js';

/** Where fingers tap: phones and small tablets (the widths of the collapsed menu). */
const touch = upTo(breakpoints.collapsedMenu);
const SIZE = '44px';

/** WCAG 2.5.5: a control takes at least 44×44 px on a touch screen, whatever its text. */
export const tapTarget = style({ '@media': { [touch]: { minHeight: SIZE, minWidth: SIZE } } });

/** A text link standing on its own: a 44 px tall box with the text centred in it. */
export const tapLink = style({ '@media': { [touch]: { display: 'inline-flex', alignItems: 'center', minHeight: SIZE, minWidth: SIZE } } });
