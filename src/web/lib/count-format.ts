import type { Locale } from '../../domain/locale.js';

/**
 * Counts in the reader's locale, apart from lib/format.ts: the i18n core (in every page's
 * JavaScript) needs these two, and not the decimal arithmetic money brings along.
 */

/** A whole count with the locale's grouping: 1,234 or 1.234. */
export const formatCount = (count: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);

/** The plural category of a count in the locale ("one", "other", …), which picks a text's plural form. */
export const pluralCategory = (count: number, locale: Locale): Intl.LDMLPluralRule => new Intl.PluralRules(locale).select(count);
