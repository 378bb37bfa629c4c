import { style, styleVariants } from '@vanilla-extract/css';
import { card } from '../card.css.js';
import { vars } from '../../styles/theme.css.js';

export const section = style([card, { display: 'flex', flexDirection: 'column', gap: vars.space.s, scrollMarginTop: vars.space.l }]);
export const title = style({ margin: 0, fontSize: '16px' });
export const bankNote = style({
  background: vars.color.warningBg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  padding: vars.space.s,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const bankNoteLabel = style({ display: 'block', fontWeight: 600, marginBottom: vars.space.xs });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.s });
const bubble = style({
  maxWidth: '85%',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const message = styleVariants({
  mine: [bubble, { alignSelf: 'flex-end', background: '#ddf4ff' }],
  theirs: [bubble, { alignSelf: 'flex-start', background: vars.color.page, border: `1px solid ${vars.color.border}` }],
});
export const meta = style({ display: 'block', color: vars.color.muted, fontSize: '12px', marginBottom: vars.space.xs });
export const empty = style({ color: vars.color.muted, margin: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });
export const textarea = style({
  minHeight: '72px',
  padding: vars.space.s,
  fontSize: '15px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  font: 'inherit',
  width: '100%',
  boxSizing: 'border-box',
});
export const formRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.s });
export const counter = style({ color: vars.color.muted, fontSize: '12px' });
export const send = style({
  minHeight: '44px',
  padding: '0 20px',
  background: vars.color.brand,
  color: '#fff',
  border: 'none',
  borderRadius: vars.radius.s,
  fontSize: '15px',
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
