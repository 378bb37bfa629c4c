import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.js';

/** "Fill from an earlier order" above a step's fields: a light box, full width at 375 px too. */
export const prefill = style({
  background: vars.color.page,
  borderRadius: vars.radius.s,
  padding: `${vars.space.s} ${vars.space.m} 0`,
  margin: `0 0 ${vars.space.m}`,
  maxWidth: '100%',
});
export const prefillSelect = style({ appearance: 'auto', width: '100%', minWidth: 0, textOverflow: 'ellipsis' });
export const prefillNote = style({ fontSize: '13px', color: vars.color.muted, margin: `0 0 ${vars.space.s}` });

export const lookalikeList = style({ margin: `${vars.space.s} 0`, paddingLeft: vars.space.l, lineHeight: 1.8, overflowWrap: 'anywhere' });
export const lookalikeActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.s,
  marginTop: vars.space.m,
});
/** A tap target of its own at touch widths (44 px high). */
export const lookalikeLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: '44px' });
