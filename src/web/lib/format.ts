import { Decimal } from 'decimal.js';
import { minorUnitsOf } from '../../domain/money.js';
import type { Locale } from '../../domain/locale.js';

/**
 * Numbers, money, dates and plural categories in the reader's locale, through Intl: a German
 * reader sees "3.000,00 EUR" where a Chinese or American one sees "EUR 3,000.00". Amounts arrive
 * as decimal strings and are never turned into binary floats.
 */

type Empty = null | undefined;
const isBlank = (value: string | Empty): value is Empty | '' => value === null || value === undefined || value.trim() === '';

/** The amount rounded half-up to `digits` decimals, in decimal arithmetic; null when it is no number. */
function fixed(amount: string, digits: number): string | null {
  try {
    return new Decimal(amount.trim()).toFixed(digits, Decimal.ROUND_HALF_UP);
  } catch {
    return null;
  }
}

/**
 * Whether Intl formats a numeric string exactly (Intl.NumberFormat v3, as in Chromium 106+ and
 * Node 20). Older engines turn the string into a float, which loses digits beyond 2^53.
 */
const formatsStringsExactly = (() => {
  const probe = '9007199254740993';
  return new Intl.NumberFormat('en-US', { useGrouping: false }).format(probe as Intl.StringNumericLiteral) === probe;
})();

/**
 * A decimal string with as many decimals as `format` shows, for engines without string support:
 * the whole part goes through BigInt (exact at any size), the decimals are put in by hand, and the
 * sign, the currency and their places come from formatting ±1. Exported for its test.
 */
export function formatThroughBigInt(format: Intl.NumberFormat, value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = format
    .formatToParts(BigInt(whole))
    .filter((part) => part.type === 'integer' || part.type === 'group')
    .map((part) => part.value)
    .join('');
  return format
    .formatToParts(negative ? -1n : 1n)
    .map((part) => (part.type === 'integer' ? grouped : part.type === 'fraction' ? fraction : part.value))
    .join('');
}

/** An exact decimal string through a NumberFormat set to its number of decimals. */
const formatFixed = (format: Intl.NumberFormat, value: string): string =>
  formatsStringsExactly ? format.format(value as Intl.StringNumericLiteral) : formatThroughBigInt(format, value);

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** One NumberFormat per locale, currency and decimals: building them is the costly part. */
function moneyFormat(locale: Locale, currency: string | null, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}|${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const style: Intl.NumberFormatOptions = currency ? { style: 'currency', currency, currencyDisplay: 'code' } : {};
    format = new Intl.NumberFormat(locale, { ...style, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount with its currency code where the locale puts it ("EUR 3,000.00", "3.000,00 EUR"), in
 * the currency's own decimals (CNY 2, JPY none, as the domain says). The code, not the symbol: ¥ is
 * both CNY and JPY. Empty for no amount; a value that is no number is shown as it is.
 */
export function formatMoney(amount: string | Empty, currency: string, locale: Locale): string {
  if (isBlank(amount)) return '';
  const digits = minorUnitsOf(currency);
  const value = fixed(amount, digits);
  if (value === null) return amount;
  try {
    return formatFixed(moneyFormat(locale, currency, digits), value);
  } catch {
    // A code Intl does not know (not one of ISO 4217's): the number, then the code.
    return `${formatFixed(moneyFormat(locale, null, digits), value)} ${currency}`;
  }
}

/** The amount alone in the currency's decimals, for texts that name the currency themselves. */
export function formatAmount(amount: string | Empty, currency: string, locale: Locale): string {
  if (isBlank(amount)) return '';
  const digits = minorUnitsOf(currency);
  const value = fixed(amount, digits);
  return value === null ? amount : formatFixed(moneyFormat(locale, null, digits), value);
}

/**
 * A decimal string with the locale's separators, keeping every decimal it has (a rate of 8.31735
 * stays 8.31735, or 8,31735 in German). Counts: formatCount in lib/count-format.ts.
 */
export function formatNumber(value: string, locale: Locale): string {
  const digits = value.trim().split('.')[1]?.length ?? 0;
  const exact = fixed(value, digits);
  return exact === null ? value : formatFixed(moneyFormat(locale, null, digits), exact);
}

const asDate = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day, e.g. "2026年3月1日", "Mar 1, 2026", "01.03.2026"; empty for a value that is no date. */
export function formatDate(iso: string | Empty, locale: Locale): string {
  const date = iso ? asDate(iso) : null;
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date) : '';
}

/** A day and a 24-hour time in the reader's time zone, e.g. "2026/03/01 16:00", "01.03.2026, 16:00". */
export function formatDateTime(iso: string | Empty, locale: Locale): string {
  const date = iso ? asDate(iso) : null;
  if (!date) return iso ?? '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A fraction as a percentage in the locale ("1%", "1 %" in German), exact: 0.0125 is 1.25%. */
export function formatPercent(fraction: string, locale: Locale): string {
  let percent: string;
  try {
    percent = new Decimal(fraction.trim()).times(100).toFixed();
  } catch {
    return fraction;
  }
  const digits = percent.split('.')[1]?.length ?? 0;
  const number = formatFixed(moneyFormat(locale, null, digits), percent);
  const sample = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.01);
  return sample.map((part) => (part.type === 'integer' ? number : part.value)).join('');
}

/** The zone the back office reads times in: the bank, the statements and the payers are in China. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/**
 * A day and a 24-hour time in China time with the zone named, whatever the reader's own zone,
 * e.g. "2026/03/01 16:00 GMT+8" (staff compare them with the bank's statements).
 */
export function formatChinaTime(iso: string | Empty, locale: Locale): string {
  const date = iso ? asDate(iso) : null;
  if (!date) return iso ?? '';
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: CHINA_TIME_ZONE };
  const dateTime = new Intl.DateTimeFormat(locale, { ...options, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const zone = new Intl.DateTimeFormat(locale, { ...options, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${dateTime} ${zone}` : dateTime;
}

/** The calendar day of an instant in China time, as YYYY-MM-DD (the filters' dates are China days). */
export function chinaDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHINA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
