import { chinaDayStart } from '../../../../domain/china-time.js';
import type { Locale } from '../../../../domain/locale.js';
import { CHINA_TIME_ZONE } from '../../../lib/format.js';

/**
 * A China-time calendar day (YYYY-MM-DD) in the reader's locale, read in China time whatever the
 * reader's own zone: "11月27日" / "Nov 27" / "27.11." for the axis, with the year for texts.
 */
export function chinaDayText(day: string, locale: Locale, withYear = false): string {
  const options: Intl.DateTimeFormatOptions = withYear
    ? { dateStyle: 'medium', timeZone: CHINA_TIME_ZONE }
    : { month: 'numeric', day: 'numeric', timeZone: CHINA_TIME_ZONE };
  return new Intl.DateTimeFormat(locale, options).format(chinaDayStart(day));
}

/** A compact axis number in the locale: 12K, 1.2万, 12.000. */
export const compactNumber = (value: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
