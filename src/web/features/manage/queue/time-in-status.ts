import type { Locale } from '../../../../domain/locale.js';

const HOUR = 3_600_000;

/** The SLA when the statistic names none (DESIGN.md section 10's queues): a day. */
export const DEFAULT_SLA_HOURS = 24;

/** Whole hours since an instant (0 for one in the future or no date). */
export const hoursSince = (iso: string, now: number): number => {
  const since = new Date(iso).getTime();
  return Number.isNaN(since) ? 0 : Math.max(0, Math.floor((now - since) / HOUR));
};

/** A time in status in the reader's units: hours under two days ("5 小时", "5 hr"), days after ("3 天", "3 days"). */
export function formatTimeInStatus(hours: number, locale: Locale): string {
  const [value, unit] = hours < 48 ? [hours, 'hour'] : [Math.floor(hours / 24), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
