import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';

const phone = upTo(breakpoints.phone);

export { card } from '../card.css.js';

export const statusRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.s, flexWrap: 'wrap' });
export const statusText = style({ margin: 0, fontSize: '18px', fontWeight: 600 });
export const statusDot = styleVariants({
  green: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.green, flex: 'none' },
  grey: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.grey, flex: 'none' },
  red: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.red, flex: 'none' },
});
export const statusDetail = style({ margin: `4px 0 ${vars.space.m}`, color: vars.color.muted, fontSize: '14px' });
export const bar = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '14px', margin: `0 0 ${vars.space.l}` });
export const group = style({ display: 'flex', flexDirection: 'column', gap: '6px', minWidth: 0 });
export const groupSegments = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '4px' });
export const groupLabel = style({ fontSize: '12px', color: vars.color.muted });
const segmentBase = style({ height: '8px', borderRadius: '4px', background: '#e6e9ed' });
export const segment = styleVariants({
  todo: [segmentBase],
  done: [segmentBase, { background: '#9bd3a9' }],
  green: [segmentBase, { background: vars.color.green }],
  grey: [segmentBase, { background: vars.color.grey }],
  red: [segmentBase, { background: vars.color.red }],
});

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.xs,
  counterReset: 'step',
});
const stepBase = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '6px',
  fontSize: '13px',
  color: vars.color.muted,
  minWidth: 0,
  '@media': { [phone]: { fontSize: '12px', wordBreak: 'keep-all', overflowWrap: 'anywhere' } },
  selectors: {
    // The line joining this step to the next.
    '&:not(:last-child)::after': {
      content: '""',
      position: 'absolute',
      top: '13px',
      left: 'calc(50% + 18px)',
      right: 'calc(-50% + 18px)',
      height: '2px',
      background: '#e6e9ed',
    },
  },
});
export const step = styleVariants({
  done: [stepBase, { color: vars.color.text, selectors: { '&:not(:last-child)::after': { background: vars.color.green } } }],
  current: [stepBase, { color: vars.color.text, fontWeight: 600 }],
  todo: [stepBase],
});
const circleBase = style({
  width: '28px',
  height: '28px',
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '13px',
  fontWeight: 600,
  border: `2px solid #d5dae0`,
  background: vars.color.surface,
  color: vars.color.muted,
});
export const circle = styleVariants({
  done: [circleBase, { borderColor: vars.color.green, background: vars.color.green, color: '#fff' }],
  current: [circleBase, { borderColor: vars.color.brand, background: vars.color.brand, color: '#fff' }],
  todo: [circleBase],
});
