import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../database/schema.js';

/**
 * Statement parts (see runParts) that fold the appended changes into order_status_counts: the
 * projector runs them, one process at a time, with its checkpoint.
 */
export const foldStatusDeltasParts = (): RawBuilder<unknown>[] => [
  sql`moved as (delete from order_status_deltas returning status, delta)`,
  sql`folded as (
    insert into order_status_counts (status, count)
    select status, sum(delta) from moved group by status
    on conflict (status) do update set count = order_status_counts.count + excluded.count
    returning 1)`,
];

/** Orders per status: the folded counts plus the changes not folded yet. */
export async function statusCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ status: number; count: string | number }>`
    select status, sum(count) as count from (
      select status, count from order_status_counts
      union all select status, delta from order_status_deltas
    ) counted group by status having sum(count) > 0 order by status`.execute(db);
  return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
}
