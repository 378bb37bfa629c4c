import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../database/schema.js';

type Db = Transaction<DB> | Kysely<DB>;

/** Appends count changes: inserts only, so concurrent commands never wait on one counter row. */
export async function recordStatusDeltas(trx: Db, deltas: ReadonlyMap<number, number>): Promise<void> {
  const rows = [...deltas].filter(([, delta]) => delta !== 0).map(([status, delta]) => ({ status, delta }));
  if (rows.length > 0) await trx.insertInto('order_status_deltas').values(rows).execute();
}

/**
 * Folds the appended changes into order_status_counts (the projector does, one process at a time),
 * in the same statement as `alongside` (a data-modifying statement of the caller's).
 */
export async function foldStatusDeltas(trx: Db, alongside: RawBuilder<unknown>): Promise<void> {
  await sql`
    with moved as (delete from order_status_deltas returning status, delta),
    folded as (
      insert into order_status_counts (status, count)
      select status, sum(delta) from moved group by status
      on conflict (status) do update set count = order_status_counts.count + excluded.count
    )
    ${alongside}`.execute(trx);
}

/** Orders per status: the folded counts plus the changes not folded yet. */
export async function statusCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ status: number; count: string | number }>`
    select status, sum(count) as count from (
      select status, count from order_status_counts
      union all select status, delta from order_status_deltas
    ) counted group by status having sum(count) > 0 order by status`.execute(db);
  return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
}
