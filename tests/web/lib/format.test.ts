import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, pluralCategory } from '../../../src/web/lib/count-format.js';
import { formatAmount, formatDate, formatDateTime, formatMoney, formatNumber, formatThroughBigInt } from '../../../src/web/lib/format.js';

/** Intl separates the code from the number with a no-break space, so the two stay on one line. */
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('puts the code where the locale puts it, with its grouping: German 3000 EUR is 3.000,00 EUR', () => {
    expect(formatMoney('3000', 'EUR', 'de-DE')).toBe(`3.000,00${NBSP}EUR`);
    expect(formatMoney('3000', 'EUR', 'en-US')).toBe(`EUR${NBSP}3,000.00`);
    expect(formatMoney('3000', 'EUR', 'zh-CN')).toBe(`EUR${NBSP}3,000.00`);
  });

  it('shows CNY with 2 decimals, rounding half-up in decimal arithmetic', () => {
    expect(formatMoney('24952.05', 'CNY', 'zh-CN')).toBe(`CNY${NBSP}24,952.05`);
    expect(formatMoney('24952.05', 'CNY', 'de-DE')).toBe(`24.952,05${NBSP}CNY`);
    expect(formatMoney('0.125', 'CNY', 'en-US')).toBe(`CNY${NBSP}0.13`);
    expect(formatMoney('1.005', 'CNY', 'en-US')).toBe(`CNY${NBSP}1.01`);
  });

  it('shows JPY without decimals (the domain says it has none)', () => {
    expect(formatMoney('500000', 'JPY', 'zh-CN')).toBe(`JPY${NBSP}500,000`);
    expect(formatMoney('500000', 'JPY', 'de-DE')).toBe(`500.000${NBSP}JPY`);
    expect(formatMoney('3000.5', 'JPY', 'en-US')).toBe(`JPY${NBSP}3,001`);
  });

  it('keeps every digit of a huge amount (no binary float on the way)', () => {
    expect(formatMoney('12345678901234567890.125', 'CNY', 'en-US')).toBe(`CNY${NBSP}12,345,678,901,234,567,890.13`);
    expect(formatMoney('12345678901234567890.125', 'CNY', 'de-DE')).toBe(`12.345.678.901.234.567.890,13${NBSP}CNY`);
    expect(formatMoney('9007199254740993', 'JPY', 'zh-CN')).toBe(`JPY${NBSP}9,007,199,254,740,993`);
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatMoney('-3000', 'EUR', 'en-US')).toBe(`-EUR${NBSP}3,000.00`);
    expect(formatMoney('-3000', 'EUR', 'de-DE')).toBe(`-3.000,00${NBSP}EUR`);
  });

  it('is empty for no amount and shows a value that is no number as it is', () => {
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('');
    expect(formatMoney(undefined, 'EUR', 'en-US')).toBe('');
    expect(formatMoney('  ', 'EUR', 'en-US')).toBe('');
    expect(formatMoney('abc', 'EUR', 'en-US')).toBe('abc');
  });
});

describe('formatAmount', () => {
  it("shows the number alone, in the currency's decimals and the locale's separators", () => {
    expect(formatAmount('3000', 'EUR', 'de-DE')).toBe('3.000,00');
    expect(formatAmount('4500.5', 'USD', 'en-US')).toBe('4,500.50');
    expect(formatAmount('500000', 'JPY', 'zh-CN')).toBe('500,000');
  });
});

describe('formatThroughBigInt (engines that format strings through floats)', () => {
  const eur = (locale: string) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  it('formats huge amounts exactly, with the sign and the code in place', () => {
    expect(formatThroughBigInt(eur('en-US'), '12345678901234567890.12')).toBe(`EUR${NBSP}12,345,678,901,234,567,890.12`);
    expect(formatThroughBigInt(eur('de-DE'), '12345678901234567890.12')).toBe(`12.345.678.901.234.567.890,12${NBSP}EUR`);
    expect(formatThroughBigInt(eur('de-DE'), '-0.50')).toBe(`-0,50${NBSP}EUR`);
    const yen = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'JPY', currencyDisplay: 'code', maximumFractionDigits: 0 });
    expect(formatThroughBigInt(yen, '9007199254740993')).toBe(`JPY${NBSP}9,007,199,254,740,993`);
  });
});

describe('formatNumber', () => {
  it("keeps every decimal of a rate, with the locale's decimal mark", () => {
    expect(formatNumber('8.31735', 'zh-CN')).toBe('8.31735');
    expect(formatNumber('8.31735', 'de-DE')).toBe('8,31735');
  });
  it('groups counts', () => {
    expect(formatCount(1234, 'en-US')).toBe('1,234');
    expect(formatCount(1234, 'de-DE')).toBe('1.234');
    expect(formatCount(1234, 'zh-CN')).toBe('1,234');
  });
});

describe('dates', () => {
  const zone = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Asia/Shanghai';
  });
  afterAll(() => {
    process.env['TZ'] = zone;
  });

  it('shows a day in each locale', () => {
    expect(formatDate('2026-03-01T08:00:00.000Z', 'zh-CN')).toBe('2026年3月1日');
    expect(formatDate('2026-03-01T08:00:00.000Z', 'en-US')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01T08:00:00.000Z', 'de-DE')).toBe('01.03.2026');
    expect(formatDate('not a date', 'de-DE')).toBe('');
  });

  it("shows a day and a 24-hour time in the reader's zone", () => {
    expect(formatDateTime('2026-03-01T08:00:00.000Z', 'zh-CN')).toBe('2026/03/01 16:00');
    expect(formatDateTime('2026-03-01T16:30:00.000Z', 'en-US')).toBe('03/02/2026, 00:30');
    expect(formatDateTime('2026-03-01T08:00:00.000Z', 'de-DE')).toBe('01.03.2026, 16:00');
  });
});

describe('pluralCategory', () => {
  it("follows each locale's rules: one and other in English and German, one form in Chinese", () => {
    expect([0, 1, 2].map((n) => pluralCategory(n, 'en-US'))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory(n, 'de-DE'))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory(n, 'zh-CN'))).toEqual(['other', 'other', 'other']);
  });
});
