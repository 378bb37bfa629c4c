import type { Insertable, Kysely, Transaction } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { DB, NewOrderRow } from '../database/schema.js';
import { ORDER_STREAM_PREFIX, evolve, initialOrderState, snapshotOf, toOrderEvent, type OrderSnapshot } from '../domain/index.js';
import { orderRow, type Applied } from './order-projector.js';
import { searchTermsOf } from './order-search-terms.js';
import { recordStatusDeltas } from './status-counts.js';
import type { OrderHistoryTable } from './tables.js';

type Db = Transaction<DB> | Kysely<DB>;
type HistoryRow = Insertable<OrderHistoryTable>;

interface Folded {
  readonly orderId: string;
  readonly before: OrderSnapshot | null;
  readonly beforeStatus: number | null;
  state: OrderSnapshot;
  revision: bigint;
  createdAt: Date;
  updatedAt: Date;
}

const orderIdOf = (streamId: string): string => streamId.slice(ORDER_STREAM_PREFIX.length);
/** Rows per multi-row statement: PostgreSQL takes at most 65,535 parameters, and an order row has about 50. */
const ROWS_PER_STATEMENT = 1000;
const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** Reads the rows of the batch's orders (locked) and folds each order's new events in memory. */
async function fold(trx: Db, events: readonly StoredEvent[]): Promise<{ folded: Map<string, Folded>; history: HistoryRow[] }> {
  const ids = [...new Set(events.map((event) => orderIdOf(event.streamId)))];
  const rows = await trx.selectFrom('orders').select(['id', 'state', 'revision', 'created_at', 'status']).where('id', 'in', ids).forUpdate().execute();
  const folded = new Map<string, Folded>();
  for (const row of rows) {
    const state = snapshotOf(row.state);
    folded.set(row.id, { orderId: row.id, before: state, beforeStatus: row.status, state, revision: BigInt(row.revision), createdAt: row.created_at, updatedAt: row.created_at });
  }
  const history: HistoryRow[] = [];
  for (const stored of events) {
    const orderId = orderIdOf(stored.streamId);
    const event = toOrderEvent(stored.type, stored.data, stored.metadata);
    const at = new Date(event.meta.occurred_at);
    const current = folded.get(orderId) ?? { orderId, before: null, beforeStatus: null, state: initialOrderState(), revision: -1n, createdAt: at, updatedAt: at };
    // Applied already (by the command itself, or an earlier run): applying twice changes nothing.
    if (stored.revision <= current.revision) continue;
    const statusBefore = current.state.context.status;
    current.state = evolve(current.state, event);
    current.revision = stored.revision;
    current.updatedAt = at;
    folded.set(orderId, current);
    history.push({
      event_id: event.meta.event_id,
      order_id: orderId,
      revision: stored.revision.toString(),
      type: event.type,
      actor_id: event.meta.actor.id,
      actor_role: event.meta.actor.role,
      occurred_at: event.meta.occurred_at,
      status_before: statusBefore,
      status_after: current.state.context.status ?? 0,
    });
  }
  return { folded, history };
}

const changed = (order: Folded) => order.before === null || order.state !== order.before;

async function writeRows(trx: Db, orders: readonly Folded[]): Promise<void> {
  const rows: NewOrderRow[] = orders.map((order) => orderRow(order.state.context, order.revision.toString(), order.createdAt, order.updatedAt));
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((column) => column !== 'id' && column !== 'created_at') as (keyof NewOrderRow)[];
  for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto('orders')
      .values(part)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])) as never)
          // A newer row (written by a command in its own append) is never replaced by an older one.
          .where('orders.revision', '<', (eb) => eb.ref('excluded.revision')),
      )
      .execute();
  }
}

async function writeTerms(trx: Db, orders: readonly Folded[]): Promise<void> {
  const moved = orders.flatMap((order) => {
    const terms = searchTermsOf(order.state.context);
    const before = order.before ? searchTermsOf(order.before.context) : [];
    return terms.join('\n') === before.join('\n') && order.before ? [] : [{ orderId: order.orderId, terms }];
  });
  if (moved.length === 0) return;
  await trx.deleteFrom('order_search_terms').where('order_id', 'in', moved.map((order) => order.orderId)).execute();
  const rows = moved.flatMap((order) => order.terms.map((term) => ({ order_id: order.orderId, term })));
  for (const part of chunks(rows, ROWS_PER_STATEMENT * 10)) await trx.insertInto('order_search_terms').values(part).onConflict((conflict) => conflict.doNothing()).execute();
}

async function writeCounts(trx: Db, orders: readonly Folded[]): Promise<void> {
  const deltas = new Map<number, number>();
  for (const order of orders) {
    const after = order.state.context.status;
    if (order.beforeStatus === after) continue;
    if (order.beforeStatus !== null) deltas.set(order.beforeStatus, (deltas.get(order.beforeStatus) ?? 0) - 1);
    if (after !== null) deltas.set(after, (deltas.get(after) ?? 0) + 1);
  }
  await recordStatusDeltas(trx, deltas);
}

/**
 * Applies order events set-wise, inside the caller's transaction: the batch's rows are read once
 * (locked), each order's new events folded in memory with the machine, and then one multi-row
 * statement per table writes the rows, their history, their search terms and the status counts.
 * Events already applied are skipped, so a replay, a rebuild and a command that projected its own
 * events all end with the same tables.
 */
export async function applyOrderBatch(trx: Db, events: readonly StoredEvent[]): Promise<Applied[]> {
  if (events.length === 0) return [];
  const { folded, history } = await fold(trx, events);
  const orders = [...folded.values()].filter(changed);
  await writeRows(trx, orders);
  for (const part of chunks(history, ROWS_PER_STATEMENT * 5)) await trx.insertInto('order_history').values(part).onConflict((conflict) => conflict.column('event_id').doNothing()).execute();
  await writeTerms(trx, orders);
  await writeCounts(trx, orders);
  return orders.map((order) => ({ orderId: order.orderId, revision: order.revision }));
}
