import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types.js';

/** One imported statement file (migration 0032): what it was and what its import did. */
export interface StatementsTable {
  id: string;
  file_name: string;
  sha256: string;
  format: string;
  version: string;
  entries: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  imported_by: number;
  imported_at: Timestamp;
}

/** What became of an entry: `pending` only while its order's credit is being recorded. */
export type EntryRowState = 'pending' | 'matched' | 'unmatched' | 'returned' | 'debit';

/** One booked movement of the reserve account, keyed by the bank's reference (migration 0032). */
export interface StatementEntriesTable {
  entry_ref: string;
  statement_id: string;
  /** A `date` column: written as YYYY-MM-DD, read back as text (`booking_date::text`). */
  booking_date: ColumnType<string, string, string>;
  direction: 'credit' | 'debit';
  amount_cny: string;
  payer_name: string;
  payer_account: string;
  postscript: string;
  state: EntryRowState;
  order_id: string | null;
  order_no: string | null;
  /** Why it is unmatched, or a person's reason for a match by hand or a return. */
  reason: ColumnType<string, string | undefined, string>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  imported_at: Timestamp;
}

export interface ReconciliationTables {
  statements: StatementsTable;
  statement_entries: StatementEntriesTable;
}
