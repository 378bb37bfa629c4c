import { sql, type Insertable } from 'kysely';
import type { Db } from '../../database/schema.js';
import type { EntryRowState, StatementEntriesTable } from '../../database/reconciliation-tables.js';

/** Items a chunk holds by default. */
const BATCH = 1_000;

export const chunksOf = <T>(items: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export type NewEntryRow = Insertable<StatementEntriesTable>;

/**
 * `column = any($1)`: thousands of keys as one array parameter, where `in` would bind (and the
 * server parse) a parameter each.
 */
export const anyOf = (column: string, keys: readonly string[]) => sql<boolean>`${sql.ref(column)} = any(${keys}::text[])`;

/** An entry whose order is to be credited: what the order command needs, and who imported it. */
export interface PendingEntry {
  readonly entry_ref: string;
  readonly order_id: string;
  readonly booking_date: string;
  readonly amount_cny: string;
  readonly payer_name: string;
  readonly payer_account: string;
  /** Who the credit is recorded by: the approver of a match by hand, else whoever imported the statement. */
  readonly actor_id: number;
  /** A person's reason for a match by hand ('' for a match by the postscript). */
  readonly reason: string;
}

/** The references among these that an earlier import stored already. */
export async function knownEntryRefs(db: Db, refs: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const chunk of chunksOf([...new Set(refs)], 5 * BATCH)) {
    const rows = await db.selectFrom('statement_entries').select('entry_ref').where(anyOf('entry_ref', chunk)).execute();
    for (const row of rows) known.add(row.entry_ref);
  }
  return known;
}

/** Entry rows an insert carries in its one JSON parameter: a statement's 10,000 rows are two statements. */
const ROWS_PER_INSERT = 5_000;

/**
 * Inserts the entries; one already stored (by an import running at the same moment) is left as it
 * is. Returns the references this call inserted: only those are this import's to count and credit.
 * Each chunk's rows travel as one JSON parameter that PostgreSQL unpacks (jsonb_populate_recordset):
 * as multi-row VALUES, a thousand rows were fifteen thousand bind parameters to encode and parse.
 */
export async function insertEntries(db: Db, rows: readonly NewEntryRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const chunk of chunksOf(rows, ROWS_PER_INSERT)) {
    const { rows: written } = await sql<{ entry_ref: string }>`
      insert into statement_entries (entry_ref, statement_id, booking_date, direction, amount_cny, payer_name, payer_account,
                                     postscript, state, order_id, order_no, reason, decided_by, decided_at, imported_at)
      select e.entry_ref, e.statement_id, e.booking_date, e.direction, e.amount_cny, e.payer_name, e.payer_account,
             e.postscript, e.state, e.order_id, e.order_no, coalesce(e.reason, ''), e.decided_by, e.decided_at, e.imported_at
        from jsonb_populate_recordset(null::statement_entries, (${JSON.stringify(chunk)}::text)::jsonb) as e
      on conflict (entry_ref) do nothing
      returning entry_ref`.execute(db);
    for (const row of written) inserted.add(row.entry_ref);
  }
  return inserted;
}

/** Entries stored as matched whose order has not (or not surely) been credited yet; of one statement, or of all. */
export function pendingEntries(db: Db, statementId?: string): Promise<PendingEntry[]> {
  let query = db
    .selectFrom('statement_entries as e')
    .innerJoin('statements as s', 's.id', 'e.statement_id')
    .select([
      'e.entry_ref',
      'e.payer_name',
      'e.payer_account',
      'e.reason',
      sql<number>`coalesce(e.decided_by, s.imported_by)`.as('actor_id'),
      sql<string>`e.order_id`.as('order_id'),
      sql<string>`e.booking_date::text`.as('booking_date'),
      sql<string>`e.amount_cny::text`.as('amount_cny'),
    ])
    .where('e.state', '=', 'pending');
  if (statementId !== undefined) query = query.where('e.statement_id', '=', statementId);
  return query.orderBy('e.imported_at').orderBy('e.entry_ref').execute();
}

/** The order has the credit now: the entries are matched. */
export async function markMatched(db: Db, refs: readonly string[], at: Date): Promise<void> {
  for (const chunk of chunksOf(refs, 5 * BATCH))
    await db
      .updateTable('statement_entries')
      .set({ state: 'matched', decided_at: at })
      .where(anyOf('entry_ref', chunk))
      .where('state', '=', 'pending')
      .execute();
}

/** The order no longer took the money when it came to it: the entry waits for a person. */
export async function markUnmatched(db: Db, ref: string, reason: string): Promise<void> {
  await db
    .updateTable('statement_entries')
    .set({ state: 'unmatched', order_id: null, order_no: null, reason, decided_by: null, decided_at: null })
    .where('entry_ref', '=', ref)
    .where('state', '=', 'pending')
    .execute();
}

/** An entry's columns as the list and the commands read them: its date and amount as text. */
export const ENTRY_COLUMNS = [
  'entry_ref',
  'statement_id',
  'direction',
  'payer_name',
  'payer_account',
  'postscript',
  'state',
  'order_id',
  'order_no',
  'reason',
  'imported_at',
  sql<string>`booking_date::text`.as('booking_date'),
  sql<string>`amount_cny::text`.as('amount_cny'),
] as const;

/** One entry as stored, its date and amount as text. */
export function findEntry(db: Db, ref: string) {
  return db.selectFrom('statement_entries').select(ENTRY_COLUMNS).where('entry_ref', '=', ref).executeTakeFirst();
}
export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

/** Counts by state of one statement's entries. */
export async function statementCounts(db: Db, statementId: string): Promise<Partial<Record<EntryRowState, number>>> {
  const rows = await db
    .selectFrom('statement_entries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('statement_id', '=', statementId)
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}
