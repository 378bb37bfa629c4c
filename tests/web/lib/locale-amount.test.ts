import { describe, expect, it } from 'vitest';
import { acceptTyping, plainAmount, separatorsOf, typedAmount } from '../../../src/web/lib/locale-amount.js';

describe('amounts typed in a locale', () => {
  it("knows each locale's separators", () => {
    expect(separatorsOf('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(separatorsOf('zh-CN')).toEqual({ decimal: '.', group: ',' });
  });

  it("reads a German payer's decimal comma and grouping points as the plain decimal", () => {
    expect(plainAmount('3000,50', 'de-DE')).toBe('3000.50');
    expect(plainAmount('3.000,50', 'de-DE')).toBe('3000.50');
    expect(plainAmount('1.234.567', 'de-DE')).toBe('1234567');
    expect(plainAmount('3000,', 'de-DE')).toBe('3000');
    expect(plainAmount(' 3 000,5 ', 'de-DE')).toBe('3000.5');
  });

  it('reads the decimal point and grouping commas of zh-CN and en-US', () => {
    expect(plainAmount('3000.50', 'zh-CN')).toBe('3000.50');
    expect(plainAmount('3,000.50', 'en-US')).toBe('3000.50');
    expect(plainAmount('03000', 'en-US')).toBe('3000');
  });

  it('takes a separator in the wrong place for no amount, never for one a hundred times larger', () => {
    expect(plainAmount('3000.50', 'de-DE')).toBeNull();
    expect(plainAmount('3000,50', 'en-US')).toBeNull();
    expect(plainAmount('30,00', 'zh-CN')).toBeNull();
    expect(plainAmount('3,0000', 'zh-CN')).toBeNull();
    expect(plainAmount('1,2,3', 'de-DE')).toBeNull();
    expect(plainAmount('', 'de-DE')).toBeNull();
    expect(plainAmount(',5', 'de-DE')).toBeNull();
    expect(plainAmount('3000,5x', 'de-DE')).toBeNull();
  });

  it('writes a plain decimal back with the locale’s decimal separator', () => {
    expect(typedAmount('3000.50', 'de-DE')).toBe('3000,50');
    expect(typedAmount('3000.50', 'en-US')).toBe('3000.50');
    expect(typedAmount('', 'de-DE')).toBe('');
  });

  it('keeps what can still become an amount with the currency’s decimals, dropping leading zeros', () => {
    expect(acceptTyping('3.0', 'de-DE', 2, 12)).toBe('3.0');
    expect(acceptTyping('3000,5', 'de-DE', 2, 12)).toBe('3000,5');
    expect(acceptTyping('3000,555', 'de-DE', 2, 12)).toBeNull();
    expect(acceptTyping('3000,5', 'de-DE', 0, 12)).toBeNull();
    expect(acceptTyping('3000.5', 'zh-CN', 0, 12)).toBeNull();
    expect(acceptTyping('3000a', 'en-US', 2, 12)).toBeNull();
    expect(acceptTyping('0003', 'en-US', 2, 12)).toBe('3');
    expect(acceptTyping('1,234,567,890,123', 'en-US', 2, 12)).toBeNull();
    expect(acceptTyping('', 'en-US', 2, 12)).toBe('');
  });
});
