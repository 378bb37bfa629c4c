import { sql } from 'kysely';
import { projectsInAppend } from '../../../eventstore/postgres/port.js';
import { ORDER_STREAM_PREFIX, type AuditProblem } from '../../domain/index.js';
import type { VerifyDeps } from './verify-batch.js';

const ROW_PAGE = 5_000;

/**
 * Read rows whose order has no events at all, a keyset page of rows at a time. A log in the same
 * database is asked in SQL (an anti-join through its stream index), for every page; another log
 * (EventStoreDB) only when the table holds more rows than the walk replayed orders, row by row.
 */
export async function rowsWithoutEvents(deps: VerifyDeps, replayedOrders: number, problems: AuditProblem[]): Promise<void> {
  const sharesDatabase = projectsInAppend(deps.storedEvents);
  if (!sharesDatabase && (await orderRows(deps)) <= replayedOrders) return;
  const orphansOf = sharesDatabase ? orphansInSql : orphansAskedOfTheLog;
  let after = '';
  for (;;) {
    const page = await deps.db.selectFrom('orders').select('id').where('id', '>', after).orderBy('id').limit(ROW_PAGE).execute();
    if (page.length === 0) return;
    for (const id of await orphansOf(deps, after, page.at(-1)!.id))
      problems.push({ stream: `${ORDER_STREAM_PREFIX}${id}`, revision: null, field: '(row)', problem: 'read_row_without_events' });
    after = page.at(-1)!.id;
  }
}

async function orderRows(deps: VerifyDeps): Promise<number> {
  const { count } = await deps.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The rows with ids in (after, last] whose stream holds no event. */
async function orphansInSql(deps: VerifyDeps, after: string, last: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.id', '>', after)
    .where('o.id', '<=', last)
    .where((eb) => eb.not(eb.exists(sql`(select from es_events e where e.stream_id = ${ORDER_STREAM_PREFIX} || o.id)`)))
    .execute();
  return rows.map((row) => row.id);
}

async function orphansAskedOfTheLog(deps: VerifyDeps, after: string, last: string): Promise<string[]> {
  const ids = (await deps.db.selectFrom('orders').select('id').where('id', '>', after).where('id', '<=', last).execute()).map(
    (row) => row.id,
  );
  const firsts = await Promise.all(ids.map((id) => deps.storedEvents.readStream(`${ORDER_STREAM_PREFIX}${id}`, { maxCount: 1 })));
  return ids.filter((_, index) => firsts[index]!.length === 0);
}
