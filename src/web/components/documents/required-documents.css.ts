import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.js';

export const required = style({
  padding: vars.space.m,
  marginBottom: vars.space.m,
  borderRadius: vars.radius.s,
  background: '#f6faff',
  border: '1px solid #d6e6ff',
  fontSize: '14px',
});
export const requiredTitle = style({ margin: `0 0 ${vars.space.s}`, fontSize: '15px' });
export const requiredList = style({ margin: `0 0 ${vars.space.s}`, paddingLeft: '1.4em', fontWeight: 600 });
export const rules = style({ margin: 0, paddingLeft: '1.4em', color: vars.color.muted });
