import { Decimal } from 'decimal.js';
import { MAXIMUM_PAID_CNY } from '../../domain/index.js';

/**
 * One booked movement on the reserve account, as the bank's statement states it. `entry_ref` is
 * the bank's own reference for it: what makes a second import of the same entry a duplicate.
 */
export interface StatementEntry {
  readonly entry_ref: string;
  /** The booking date, YYYY-MM-DD. */
  readonly booking_date: string;
  /** The amount in CNY with two decimals, always positive; `direction` says which way it went. */
  readonly amount_cny: string;
  readonly direction: 'credit' | 'debit';
  readonly payer_name: string;
  readonly payer_account: string;
  /** The remittance text (附言) the payer wrote: where an order number is looked for. */
  readonly postscript: string;
}

export type StatementFormat = 'camt053' | 'csv';

export interface ParsedStatement {
  readonly format: StatementFormat;
  /** CAMT.053's message version (e.g. `camt.053.001.08`); the CSV's is `csv`. */
  readonly version: string;
  readonly entries: readonly StatementEntry[];
  /** Entries the bank has not booked yet (pending): not money yet, so not taken. */
  readonly pending: number;
}

/** Why a file is not taken: nothing of it is imported. `line` is the file's line (CSV) or the entry's number (CAMT). */
export type StatementProblem =
  | 'empty'
  | 'too_large'
  | 'not_a_statement'
  | 'malformed_xml'
  | 'entities_not_allowed'
  | 'foreign_message'
  | 'not_cny'
  | 'csv_header'
  | 'malformed_entry';

export class StatementRefused extends Error {
  override readonly name = 'StatementRefused';
  constructor(
    readonly problem: StatementProblem,
    readonly detail: string = '',
    readonly line: number | null = null,
  ) {
    super(`Statement refused: ${problem}${line === null ? '' : ` at ${line}`}${detail ? ` (${detail})` : ''}.`);
  }
}

/** A statement file larger than this is refused before it is read: a day's statement of 10,000 entries is about 10 MB of CAMT.053. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** A calendar date YYYY-MM-DD that exists; null otherwise. */
export function calendarDate(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 2000 && day >= 1 && day <= daysIn(year, month) ? text : null;
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A positive CNY amount with at most two decimals, as `1234.50`; null when it is not one. */
export function cnyAmountOf(text: string): string | null {
  if (!AMOUNT.test(text)) return null;
  const amount = new Decimal(text);
  return amount.isZero() || amount.greaterThan(MAXIMUM_PAID_CNY) ? null : amount.toFixed(2);
}
