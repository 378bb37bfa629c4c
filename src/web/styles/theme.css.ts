import { createGlobalTheme } from '@vanilla-extract/css';

/** SPEC.md section 9: breakpoints and the content width. */
export const breakpoints = { phone: 576, collapsedMenu: 776, content: 808, wide: 1148, widest: 1200 } as const;
export const upTo = (px: number) => `screen and (max-width: ${px}px)`;

export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#1f6feb',
    brandDark: '#1554b8',
    text: '#1f2328',
    muted: '#656d76',
    border: '#d0d7de',
    surface: '#ffffff',
    page: '#f6f8fa',
    green: '#1a7f37',
    grey: '#8c959f',
    red: '#cf222e',
    warningBg: '#fff8c5',
  },
  space: { xs: '4px', s: '8px', m: '16px', l: '24px', xl: '40px' },
  radius: { s: '4px', m: '8px' },
  font: {
    body: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", system-ui, sans-serif',
  },
  width: { content: '808px', wide: '1148px' },
});
