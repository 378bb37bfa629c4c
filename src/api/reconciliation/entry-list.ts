import { sql, type ExpressionBuilder } from 'kysely';
import { groupMayDo, type ENTRY_STATES } from '../../domain/index.js';
import type { DB, Db } from '../../database/schema.js';
import type { AuthUser } from '../auth/authenticate.js';
import { maskValue } from '../audit/changes.js';
import { PAGE_SIZE } from '../manage/paging.js';
import { ENTRY_COLUMNS, type EntryRow } from './entries-repository.js';

type EntryState = (typeof ENTRY_STATES)[number];

export interface EntriesQuery {
  readonly state: EntryState;
  readonly keyword: string;
  readonly page: number;
}

/** A keyword's own % and _ match themselves. */
const escapeLike = (keyword: string) => keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The keyword finds an entry by the start of its reference or order number, or anywhere in its
 * postscript; by the payer's name only for a reader who may see it in the clear (a masked name
 * must not be found out by searching).
 */
function keywordFilter(keyword: string, withPayer: boolean) {
  const prefix = `${escapeLike(keyword)}%`;
  const anywhere = `%${escapeLike(keyword)}%`;
  return (eb: ExpressionBuilder<DB, 'statement_entries'>) =>
    eb.or([
      eb(sql`lower(entry_ref)`, 'like', prefix),
      eb(sql`lower(coalesce(order_no, ''))`, 'like', prefix),
      eb(sql`lower(postscript)`, 'like', anywhere),
      ...(withPayer ? [eb(sql`lower(payer_name)`, 'like', anywhere)] : []),
    ]);
}

function entriesIn(db: Db, query: EntriesQuery, withPayer: boolean) {
  let base = db.selectFrom('statement_entries').where('state', '=', query.state);
  if (query.keyword !== '') base = base.where(keywordFilter(query.keyword, withPayer));
  return base;
}

/** The entry as the reconciliation tab shows it; the payer's name and account masked for a reader without `personal.read`. */
function toView(row: EntryRow, clear: boolean) {
  return {
    entry_ref: row.entry_ref,
    statement_id: row.statement_id,
    booking_date: row.booking_date,
    amount_cny: row.amount_cny,
    payer_name: clear ? row.payer_name : (maskValue(row.payer_name) ?? ''),
    payer_account: clear ? row.payer_account : (maskValue(row.payer_account) ?? ''),
    postscript: row.postscript,
    state: row.state as EntryState,
    order_id: row.order_id,
    order_no: row.order_no,
    reason: row.reason,
    imported_at: new Date(row.imported_at).toISOString(),
  };
}

/** One page of the entries in a state, newest import first, and how many there are in all. */
export async function listEntries(db: Db, query: EntriesQuery, reader: AuthUser) {
  const clear = groupMayDo(reader.group, 'personal.read');
  const [rows, total] = await Promise.all([
    entriesIn(db, query, clear)
      .select(ENTRY_COLUMNS)
      .orderBy('imported_at', 'desc')
      .orderBy('entry_ref')
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    entriesIn(db, query, clear)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((row) => toView(row, clear)), total: Number(total.n), page: query.page };
}
