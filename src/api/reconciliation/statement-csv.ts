import { CsvError, parse } from 'csv-parse/sync';
import { calendarDate, cnyAmountOf, StatementRefused, type ParsedStatement, type StatementEntry } from './statement.js';

/** The columns a CSV statement has, in any order (extra columns are ignored). */
export const CSV_COLUMNS = ['entry_ref', 'booking_date', 'amount_cny', 'payer_name', 'payer_account', 'postscript'] as const;
type Row = Record<(typeof CSV_COLUMNS)[number], string>;

function rowsOf(csv: string): { header: string[]; rows: string[][] } {
  try {
    const [header = [], ...rows]: string[][] = parse(csv, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: false });
    return { header, rows };
  } catch (error) {
    if (error instanceof CsvError)
      throw new StatementRefused('malformed_entry', error.code, (error as CsvError & { lines?: number }).lines ?? null);
    throw error;
  }
}

/** A signed amount: a credit is positive, a debit negative (as banks export them). */
function entryOf(row: Row, line: number): StatementEntry {
  const entry_ref = row.entry_ref;
  if (entry_ref === '') throw new StatementRefused('malformed_entry', 'entry_ref is empty', line);
  const booking_date = calendarDate(row.booking_date);
  if (booking_date === null) throw new StatementRefused('malformed_entry', `booking_date ${row.booking_date || '(none)'}`, line);
  const negative = row.amount_cny.startsWith('-');
  const amount_cny = cnyAmountOf(negative ? row.amount_cny.slice(1) : row.amount_cny.replace(/^\+/, ''));
  if (amount_cny === null) throw new StatementRefused('malformed_entry', `amount_cny ${row.amount_cny || '(none)'}`, line);
  return {
    entry_ref,
    booking_date,
    amount_cny,
    direction: negative ? 'debit' : 'credit',
    payer_name: row.payer_name,
    payer_account: row.payer_account,
    postscript: row.postscript,
  };
}

/**
 * The CSV statement: a header naming the columns, then one entry a line (UTF-8, with or without a
 * BOM, any line ends). Every entry must read, or nothing is taken; a problem names its line.
 */
export function parseCsvStatement(csv: string): ParsedStatement {
  const { header, rows } = rowsOf(csv);
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new StatementRefused('csv_header', `missing ${missing.join(', ')}`, 1);
  const at = Object.fromEntries(CSV_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<keyof Row, number>;
  const entries = rows.map((cells, index) => {
    const row = Object.fromEntries(CSV_COLUMNS.map((column) => [column, cells[at[column]] ?? ''])) as Row;
    return entryOf(row, index + 2);
  });
  return { format: 'csv', version: 'csv', entries, pending: 0 };
}
