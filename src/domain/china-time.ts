/**
 * China time (UTC+8 all year, no daylight saving): the calendar the back office's filters, exports
 * and dashboard speak.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The instant a China-time calendar day (YYYY-MM-DD) begins. */
export const chinaDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** The instant the China-time day after `day` begins (the exclusive end of `day`). */
export const chinaDayEnd = (day: string): Date => new Date(chinaDayStart(day).getTime() + DAY_MS);

/** The China-time calendar day (YYYY-MM-DD) an instant falls on. */
export const chinaDayOf = (instant: Date): string => new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** An instant as China-time wall clock, e.g. "2026-03-01 09:30:00". */
export const chinaDateTime = (instant: Date): string =>
  new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The last `days` China-time days up to and including the day of `now`, oldest first. */
export const lastChinaDays = (now: Date, days: number): string[] =>
  Array.from({ length: days }, (_, index) => chinaDayOf(new Date(now.getTime() - (days - 1 - index) * DAY_MS)));
