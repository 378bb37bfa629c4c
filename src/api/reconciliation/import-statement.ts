import { createHash } from 'node:crypto';
import { matchStatement, type EntryVerdict } from '../../domain/funds/statement-matching.js';
import type { AppDeps } from '../deps.js';
import { creditPendingEntries } from './credit-entries.js';
import { insertEntries, knownEntryRefs, pendingEntries, type NewEntryRow, type PendingEntry } from './entries-repository.js';
import { ordersNamed } from './orders-named.js';
import { parseStatement } from './parse-statement.js';
import { StatementRefused, type ParsedStatement, type StatementEntry } from './statement.js';
import { statementRefusal } from './statement-refusal.js';

type ImportDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'orderStates' | 'clock' | 'ids' | 'keyring'>;

export interface StatementFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** What one import did (DESIGN.md section 10). */
export interface StatementImported {
  readonly statement_id: string;
  readonly entries: number;
  readonly matched: number;
  readonly unmatched: number;
  readonly duplicates: number;
}

function parsedOrRefused(bytes: Uint8Array): ParsedStatement {
  try {
    return parseStatement(bytes);
  } catch (error) {
    throw error instanceof StatementRefused ? statementRefusal(error) : error;
  }
}

/** The entry's row: a match is stored `pending` until its order has the credit. */
function rowOf(entry: StatementEntry, verdict: EntryVerdict, statement_id: string, imported_at: Date): NewEntryRow | null {
  if (verdict.kind === 'duplicate') return null;
  const { entry_ref, booking_date, direction, amount_cny, payer_name, payer_account, postscript } = entry;
  const base = { entry_ref, statement_id, booking_date, direction, amount_cny, payer_name, payer_account, postscript, imported_at };
  if (verdict.kind === 'debit') return { ...base, state: 'debit', order_id: null, order_no: null, decided_by: null, decided_at: null };
  if (verdict.kind === 'unmatched')
    return { ...base, state: 'unmatched', order_id: null, order_no: null, reason: verdict.reason, decided_by: null, decided_at: null };
  return { ...base, state: 'pending', order_id: verdict.order_id, order_no: verdict.order_no, decided_by: null, decided_at: null };
}

const pendingOf = (row: NewEntryRow, actor_id: number): PendingEntry => ({
  entry_ref: row.entry_ref,
  order_id: row.order_id!,
  booking_date: row.booking_date,
  amount_cny: row.amount_cny,
  payer_name: row.payer_name,
  payer_account: row.payer_account,
  actor_id,
  reason: '',
});

/**
 * Finishes what an earlier import left: entries stored as matched whose order was not credited
 * (the process died in between). Crediting is idempotent on the entry reference, so an entry
 * credited after all is only marked matched.
 */
export async function finishPendingMatches(deps: ImportDeps): Promise<void> {
  const pending = await pendingEntries(deps.db);
  if (pending.length > 0) await creditPendingEntries(deps, pending);
}

/** Stores the statement and its new entries in one transaction; returns the entries this import inserted. */
async function storeStatement(
  deps: ImportDeps,
  id: string,
  upload: { file: StatementFile; parsed: ParsedStatement; importer: number },
  rows: readonly NewEntryRow[],
): Promise<NewEntryRow[]> {
  const { file, parsed, importer } = upload;
  const statement = {
    id,
    file_name: file.name,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    format: parsed.format,
    version: parsed.version,
    entries: parsed.entries.length,
    matched: 0,
    unmatched: 0,
    duplicates: 0,
    imported_by: importer,
    imported_at: deps.clock.now(),
  };
  const inserted = await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('statements').values(statement).execute();
    return insertEntries(trx, rows);
  });
  return rows.filter((row) => inserted.has(row.entry_ref));
}

/**
 * Imports a statement file (DESIGN.md section 10): a file that is not a statement is refused and
 * nothing is written. Entries imported before are duplicates; debits are kept but not counted as
 * unmatched; a credit naming one order that takes money is stored, then credited to the order
 * (`BankCreditMatched`) and marked matched. An import running at the same moment with the same
 * entries inserts each entry once, and only the one that inserted it credits it.
 */
export async function importStatement(deps: ImportDeps, file: StatementFile, importer: { id: number }): Promise<StatementImported> {
  const parsed = parsedOrRefused(file.bytes);
  await finishPendingMatches(deps);
  const now = deps.clock.now();
  const imported = await knownEntryRefs(
    deps.db,
    parsed.entries.map((entry) => entry.entry_ref),
  );
  // Duplicates match nothing: their orders need not be read.
  const named = await ordersNamed(
    deps.db,
    parsed.entries.filter((entry) => !imported.has(entry.entry_ref)),
    now,
  );
  const verdicts = matchStatement(parsed.entries, { imported, orders: named.funds });
  const statementId = deps.ids.uuid();
  const rows = parsed.entries.flatMap((entry, index) => rowOf(entry, verdicts[index]!, statementId, now) ?? []);
  const inserted = await storeStatement(deps, statementId, { file, parsed, importer: importer.id }, rows);
  // The orders are credited on the rows read for matching (one read of each order's state, not two).
  const credited = await creditPendingEntries(
    deps,
    inserted.filter((row) => row.state === 'pending').map((row) => pendingOf(row, importer.id)),
    named.seen,
  );
  const counts = {
    matched: credited.matched.length,
    unmatched: inserted.filter((row) => row.state === 'unmatched').length + credited.unmatched.length,
    duplicates: parsed.entries.length - inserted.length,
  };
  await deps.db.updateTable('statements').set(counts).where('id', '=', statementId).execute();
  return { statement_id: statementId, entries: parsed.entries.length, ...counts };
}
