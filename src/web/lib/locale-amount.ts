import type { Locale } from '../../domain/locale.js';

/**
 * Amounts as people type them in their locale: "3.000,50" or "3000,50" in de-DE, "3,000.50" or
 * "3000.50" in zh-CN and en-US, all the plain decimal "3000.50" the API takes. A grouping
 * separator counts only between groups of three digits, so a comma or point in the wrong place
 * makes the amount invalid instead of silently a hundred times larger.
 */

interface Separators {
  readonly decimal: string;
  readonly group: string;
}

const separatorCache = new Map<Locale, Separators>();

/** The locale's decimal and grouping separators, as Intl writes numbers in it. */
export function separatorsOf(locale: Locale): Separators {
  let separators = separatorCache.get(locale);
  if (!separators) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    separators = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    separatorCache.set(locale, separators);
  }
  return separators;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Spaces are never part of a number (some locales group with a no-break space). */
const withoutSpaces = (text: string) => text.replace(/\s/g, '');
const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/** Digits, grouped by threes with `group` or not grouped at all. */
function wholeDigits(whole: string, group: string): string | null {
  if (/^\d+$/.test(whole)) return whole;
  const grouped = new RegExp(`^\\d{1,3}(${escaped(group)}\\d{3})+$`);
  return grouped.test(whole) ? whole.split(group).join('') : null;
}

/** The plain decimal ("3000.50") an amount typed in the locale stands for; null when it is no amount. */
export function plainAmount(typed: string, locale: Locale): string | null {
  const { decimal, group } = separatorsOf(locale);
  const [whole = '', fraction, ...more] = withoutSpaces(typed).split(decimal);
  if (more.length > 0 || (fraction !== undefined && !/^\d*$/.test(fraction))) return null;
  const digits = wholeDigits(whole, group);
  if (digits === null) return null;
  const plainWhole = withoutLeadingZeros(digits);
  return fraction ? `${plainWhole}.${fraction}` : plainWhole;
}

/** A plain decimal as the locale writes it in the amount box (no grouping: the box is for typing). */
export const typedAmount = (plain: string, locale: Locale): string => plain.replace('.', separatorsOf(locale).decimal);

/**
 * What the amount box keeps of a keystroke: the text, its leading zeros dropped, while it can still
 * become an amount in the locale with at most `decimals` decimals and `maxWholeDigits` whole
 * digits; null to refuse it (the box keeps its previous text).
 */
export function acceptTyping(text: string, locale: Locale, decimals: number, maxWholeDigits: number): string | null {
  const { decimal, group } = separatorsOf(locale);
  const fractionPart = decimals === 0 ? '' : `(${escaped(decimal)}\\d{0,${decimals}})?`;
  const pattern = new RegExp(`^[\\d${escaped(group)}\\s]*${fractionPart}$`);
  if (!pattern.test(text)) return null;
  const whole = withoutSpaces(text).split(decimal)[0] ?? '';
  if (whole.split(group).join('').length > maxWholeDigits) return null;
  return withoutLeadingZeros(text);
}
