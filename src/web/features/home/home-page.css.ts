import { style } from '@vanilla-extract/css';
import { breakpoints, upTo, vars } from '../../styles/theme.css.js';
import { surface } from '../../components/card.css.js';

const phone = upTo(breakpoints.phone);
const narrow = upTo(breakpoints.content);

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

/** The hero "poster": drawn with CSS gradients, nothing loaded from elsewhere. */
export const hero = style({
  position: 'relative',
  color: '#fff',
  background: [
    'radial-gradient(circle at 85% 20%, rgba(94, 234, 212, .35), transparent 40%)',
    'radial-gradient(circle at 10% 90%, rgba(99, 102, 241, .45), transparent 45%)',
    'linear-gradient(135deg, #0b2d6b 0%, #1554b8 50%, #0f8a8a 100%)',
  ].join(', '),
  '::before': {
    content: '""',
    position: 'absolute',
    inset: 0,
    backgroundImage: 'radial-gradient(rgba(255,255,255,.14) 1px, transparent 1px)',
    backgroundSize: '22px 22px',
    pointerEvents: 'none',
  },
});
export const heroInner = style({
  position: 'relative',
  maxWidth: vars.width.wide,
  margin: '0 auto',
  padding: `72px ${vars.space.m} 88px`,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.25fr) minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.xl,
  '@media': {
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: `48px ${vars.space.m} 56px` },
    [phone]: { padding: `32px ${vars.space.m} 40px` },
  },
});
export const heroText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });
export const eyebrow = style({
  margin: 0,
  alignSelf: 'flex-start',
  fontSize: '13px',
  letterSpacing: '.08em',
  padding: '4px 12px',
  borderRadius: '999px',
  background: 'rgba(255,255,255,.15)',
  border: '1px solid rgba(255,255,255,.25)',
});
export const title = style({
  margin: 0,
  fontSize: '44px',
  lineHeight: 1.2,
  fontWeight: 700,
  '@media': { [narrow]: { fontSize: '34px' }, [phone]: { fontSize: '28px' } },
});
export const tagline = style({ margin: 0, fontSize: '18px', opacity: 0.9, maxWidth: '560px', '@media': { [phone]: { fontSize: '16px' } } });
export const searchCard = style({
  marginTop: vars.space.m,
  padding: vars.space.l,
  borderRadius: '12px',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 20px 48px rgba(4, 20, 60, .28)',
  '@media': { [phone]: { padding: vars.space.m } },
});

export const poster = style({
  position: 'relative',
  justifySelf: 'center',
  width: '320px',
  height: '320px',
  '@media': { [narrow]: { display: 'none' } },
});
export const globe = style({
  position: 'absolute',
  inset: '20px',
  borderRadius: '50%',
  border: '2px solid rgba(255,255,255,.45)',
  background: 'radial-gradient(circle at 35% 30%, rgba(255,255,255,.35), rgba(255,255,255,.05) 60%, transparent 70%)',
  boxShadow: 'inset 0 0 60px rgba(255,255,255,.15), 0 0 80px rgba(94,234,212,.25)',
  '::before': {
    content: '""',
    position: 'absolute',
    inset: '0 30%',
    borderRadius: '50%',
    border: '2px solid rgba(255,255,255,.35)',
  },
  '::after': {
    content: '""',
    position: 'absolute',
    inset: '30% 0',
    borderRadius: '50%',
    border: '2px solid rgba(255,255,255,.35)',
  },
});
export const chip = style({
  position: 'absolute',
  padding: '8px 14px',
  borderRadius: '10px',
  fontWeight: 700,
  fontSize: '15px',
  color: '#0b2d6b',
  background: '#fff',
  boxShadow: '0 10px 24px rgba(4, 20, 60, .3)',
});
export const chipTop = style({ top: '36px', left: '-8px' });
export const chipBottom = style({ bottom: '44px', right: '-12px' });

export const features = style({
  width: '100%',
  maxWidth: vars.width.wide,
  margin: '0 auto',
  padding: `0 ${vars.space.m}`,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.l,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.m } },
});
export const feature = style([surface, { borderRadius: '12px', padding: vars.space.l }]);
export const featureIcon = style({
  width: '40px',
  height: '40px',
  padding: '8px',
  borderRadius: '10px',
  color: vars.color.brand,
  background: '#eaf2ff',
});
export const featureTitle = style({ margin: `${vars.space.m} 0 ${vars.space.xs}`, fontSize: '18px' });
export const featureText = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });

export const flow = style({ width: '100%', maxWidth: vars.width.wide, margin: '0 auto', padding: `0 ${vars.space.m}` });
export const flowTitle = style({ fontSize: '22px', margin: `0 0 ${vars.space.m}` });
export const flowList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  gap: vars.space.m,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.s } },
});
export const flowStep = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  padding: '12px 14px',
  fontWeight: 600,
  fontSize: '14px',
});
export const flowNumber = style({
  flexShrink: 0,
  width: '26px',
  height: '26px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.brand,
  color: '#fff',
  fontSize: '13px',
});
