import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { Db, NewOrderRow } from '../database/schema.js';
import {
  ORDER_STREAM_PREFIX,
  evolve,
  initialOrderState,
  snapshotOf,
  toOrderEvent,
  type OrderData,
  type OrderEvent,
  type OrderSnapshot,
} from '../domain/index.js';
import { NUMBERED_BY_SEQUENCE } from '../database/migrations/0013-order-project.js';
import { orderRow, type Applied } from './order-projector.js';
import { searchTermsOf } from './order-search-terms.js';
import type { OrderHistoryTable } from './tables.js';

type HistoryRow = Insertable<OrderHistoryTable>;

/** An order's event with its stream revision, as the projection folds it. */
export interface RevisedOrderEvent {
  readonly orderId: string;
  readonly revision: bigint;
  readonly event: OrderEvent;
  /**
   * The state the command's decision left after this event, when it was decided on the fold's
   * start (a property test holds it to the event's evolve): taken as it is instead of evolving the
   * event a second time.
   */
  readonly after?: OrderSnapshot;
}

/** An order before the batch (its read row, or nothing yet) and as the batch leaves it. */
interface Folded {
  readonly orderId: string;
  readonly before: OrderSnapshot | null;
  readonly beforeStatus: number | null;
  state: OrderSnapshot;
  revision: bigint;
  createdAt: Date;
  updatedAt: Date;
}

/** What a batch writes: the rows of the orders it changed, their moved search terms, history and count changes. */
interface OrderEffects {
  readonly rows: NewOrderRow[];
  readonly terms: { readonly orderId: string; readonly terms: string[] }[];
  /** Of those, the orders that had a row before, so terms of theirs may have to go. */
  readonly termsReplaced: string[];
  readonly history: HistoryRow[];
  /** Count changes per status, none of them zero. */
  readonly deltas: { readonly status: number; readonly delta: number }[];
  readonly applied: Applied[];
}

const orderIdOf = (streamId: string): string => streamId.slice(ORDER_STREAM_PREFIX.length);

/** Folds each order's new events in memory with the machine, from where its row stands. */
function fold(starts: Map<string, Folded>, events: readonly RevisedOrderEvent[]): { folded: Folded[]; history: HistoryRow[] } {
  const history: HistoryRow[] = [];
  for (const { orderId, revision, event, after } of events) {
    const at = new Date(event.meta.occurred_at);
    const current = starts.get(orderId) ?? {
      orderId,
      before: null,
      beforeStatus: null,
      state: initialOrderState(),
      revision: -1n,
      createdAt: at,
      updatedAt: at,
    };
    // Applied already (by the command itself, or an earlier run): applying twice changes nothing.
    if (revision <= current.revision) continue;
    const statusBefore = current.state.context.status;
    current.state = after ?? evolve(current.state, event);
    current.revision = revision;
    current.updatedAt = at;
    starts.set(orderId, current);
    history.push({
      event_id: event.meta.event_id,
      order_id: orderId,
      revision: revision.toString(),
      type: event.type,
      actor_id: event.meta.actor.id,
      actor_role: event.meta.actor.role,
      occurred_at: event.meta.occurred_at,
      status_before: statusBefore,
      status_after: current.state.context.status ?? 0,
    });
  }
  return { folded: [...starts.values()], history };
}

const changed = (order: Folded) => order.before === null || order.state !== order.before;

function termsMoved(order: Folded): string[] | null {
  const terms = searchTermsOf(order.state.context);
  return order.before && terms.join('\n') === searchTermsOf(order.before.context).join('\n') ? null : terms;
}

function countChanges(orders: readonly Folded[]): OrderEffects['deltas'] {
  const deltas = new Map<number, number>();
  for (const order of orders) {
    const after = order.state.context.status;
    if (order.beforeStatus === after) continue;
    if (order.beforeStatus !== null) deltas.set(order.beforeStatus, (deltas.get(order.beforeStatus) ?? 0) - 1);
    if (after !== null) deltas.set(after, (deltas.get(after) ?? 0) + 1);
  }
  return [...deltas].filter(([, delta]) => delta !== 0).map(([status, delta]) => ({ status, delta }));
}

/** The pure part of a projection: what the events do to the orders' read tables. */
function effectsOf(
  starts: Map<string, Folded>,
  events: readonly RevisedOrderEvent[],
  written: (order: Folded) => boolean = changed,
): OrderEffects {
  const { folded, history } = fold(starts, events);
  const orders = folded.filter(written);
  const moved = orders.flatMap((order) => {
    const terms = termsMoved(order);
    return terms ? [{ orderId: order.orderId, terms }] : [];
  });
  return {
    rows: orders.map((order) => orderRow(order.state.context, order.revision.toString(), order.createdAt, order.updatedAt)),
    terms: moved,
    termsReplaced: moved.filter(({ orderId }) => starts.get(orderId)?.before).map(({ orderId }) => orderId),
    history,
    deltas: countChanges(orders),
    applied: orders.map((order) => ({ orderId: order.orderId, revision: order.revision })),
  };
}

/**
 * What a batch writes, as the parts of one statement: its order rows, history, search terms and
 * count changes (tables of their own, so the parts may run in any order; stale terms are deleted
 * as those not in the new set, so the new ones' insert does not depend on it, and only for orders
 * that had a row: a new order has no terms yet, and a replay's pages are mostly new orders, whose
 * look-up in the growing terms table was wasted, as was unpacking the terms a second time for a
 * batch without such orders). Each table's rows travel as one JSON parameter that PostgreSQL
 * unpacks: as multi-row VALUES, a thousand orders of fifty columns were fifty thousand bind
 * parameters, and each table a round trip that a busy server's event loop made wait.
 */
export function effectParts(effects: OrderEffects): RawBuilder<unknown>[] {
  const terms = rowsParameter(effects.terms.flatMap((order) => order.terms.map((term) => ({ order_id: order.orderId, term }))));
  return [
    sql`written_rows as (${orderRowsUpsert(effects.rows)})`,
    sql`history as (
      insert into order_history select * from json_populate_recordset(null::order_history, ${rowsParameter(effects.history)})
      on conflict (event_id) do nothing returning 1)`,
    ...(effects.termsReplaced.length === 0
      ? []
      : [
          sql`stale_terms as (
      delete from order_search_terms old where old.order_id = any(${effects.termsReplaced}::text[])
        and not exists (select from json_populate_recordset(null::order_search_terms, ${terms}) as new
                         where new.order_id = old.order_id and new.term = old.term)
      returning 1)`,
        ]),
    sql`new_terms as (
      insert into order_search_terms (order_id, term)
      select order_id, term from json_populate_recordset(null::order_search_terms, ${terms})
      on conflict do nothing returning 1)`,
    sql`new_deltas as (
      insert into order_status_deltas (status, delta)
      select status, delta from json_to_recordset(${rowsParameter(effects.deltas)}) as d(status smallint, delta integer) returning 1)`,
  ];
}

/**
 * A table's rows as one parameter: `json`, which PostgreSQL only checks, where `jsonb` would first
 * build a tree that nothing keeps (a page of 5,000 history rows went in about 15 % faster).
 */
const rowsParameter = (rows: readonly unknown[]) => sql`(${JSON.stringify(rows)}::text)::json`;

const jsonParameter = (rows: readonly unknown[]) => sql`(${JSON.stringify(rows)}::text)::jsonb`;

/** Runs statement parts (`name as (…)`, data-modifying ones always run to completion) as one statement. */
export async function runParts(trx: Db, parts: readonly RawBuilder<unknown>[], result: RawBuilder<unknown> = sql`select 1`): Promise<void> {
  await sql`with ${sql.join(parts)} ${result}`.execute(trx);
}

/** Columns of `orders` that are jsonb (tables.ts): their values come as JSON texts (or null). */
const JSON_COLUMNS = new Set(['jsfile', 'partner', 'state']);

/**
 * The rows as one JSON array whose jsonb columns are embedded as the JSON they are, not as strings:
 * a string would be escaped here and unescaped and parsed again by PostgreSQL (`state` is the
 * largest value of a row).
 */
function orderRowsJson(rows: readonly NewOrderRow[], columns: readonly string[]): string {
  // JSON.stringify given the columns to write keeps the others out itself: a quarter faster than
  // copying each row without them first (a page of 4,500 rows, 97 -> 75 ms).
  const plainColumns = columns.filter((column) => !JSON_COLUMNS.has(column));
  const jsonColumns = columns.filter((column) => JSON_COLUMNS.has(column));
  const texts = rows.map((row) => {
    const embedded: string[] = [];
    for (const column of jsonColumns) {
      const value: unknown = row[column as keyof NewOrderRow];
      if (typeof value === 'string') embedded.push(`${JSON.stringify(column)}:${value}`);
    }
    const rest = JSON.stringify(row, plainColumns);
    return embedded.length === 0 ? rest : `${rest.slice(0, -1)}${rest.length > 2 ? ',' : ''}${embedded.join(',')}}`;
  });
  return `[${texts.join(',')}]`;
}

function orderRowsUpsert(rows: readonly NewOrderRow[]) {
  if (rows.length === 0) return sql`select 1`;
  const columns = Object.keys(rows[0]!);
  const updated = columns.filter((column) => column !== 'id' && column !== 'created_at');
  // A jsonb column left out of a row's JSON (its value was null) reads as SQL null. The array is
  // json: as jsonb, PostgreSQL built a tree of every row before taking each jsonb column's subtree,
  // where json_populate_record hands each such value's text to jsonb's input alone (a replay's page
  // of 4,500 new orders went in about 25 % faster).
  return sql`
    with page as materialized (
      select r.* from json_array_elements((${orderRowsJson(rows, columns)}::text)::json) as e, json_populate_record(null::orders, e) as r),
    ${numberedHere}
    insert into orders (${sql.join(columns.map((column) => sql.ref(column)))})
    select ${sql.join(columns.map((column) => sql.ref(`page.${column}`)))} from numbered, page
    on conflict (id) do update set ${sql.join(updated.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))}
    -- A newer row (written by a command in its own append) is never replaced by an older one.
    where orders.revision < excluded.revision
    returning 1`;
}

/**
 * The batch moves order_no_seq past its rows' order numbers itself, once, before they are written
 * (a materialized part is read once, and before the first row it is joined to), and tells the
 * trigger that would do it row by row (migrations 0018, 0047) not to: a replay's rows carry numbers
 * the sequence may never have handed out here, and the trigger, a PL/pgSQL call, a pattern match
 * and a read of the sequence per row, took about 20 ms of a page of 4,500 new orders. Moving
 * forward only, in the rows' own statement: a rebuild stopped after any page leaves the sequence
 * past every number written.
 */
const numberedHere = sql`numbered as materialized (
      select set_config(${NUMBERED_BY_SEQUENCE}, 'on', true),
             (select setval('order_no_seq', highest.sequence, true)
                from (select max(split_part(order_no, '-', 2)::bigint) as sequence from page
                       where order_no ~ '^[0-9]{8}-[0-9]{6,18}$') as highest,
                     (select case when is_called then last_value else 0 end as last from order_no_seq) as handed_out
               where highest.sequence > handed_out.last))`;

/** The batch's orders as their rows stand (locked, unless the caller guards its write): where each fold starts. */
async function readStarts(trx: Db, events: readonly RevisedOrderEvent[], lock = true): Promise<Map<string, Folded>> {
  const ids = [...new Set(events.map((event) => event.orderId))];
  const query = trx.selectFrom('orders').select(['id', 'state', 'revision', 'created_at', 'status']).where('id', 'in', ids);
  return new Map((await (lock ? query.forUpdate() : query).execute()).map((row) => [row.id, foldedOf(row)]));
}

interface StartRow {
  readonly id: string;
  readonly state: OrderData;
  readonly revision: string | number | bigint;
  readonly created_at: Date;
  readonly status: number | null;
}

function foldedOf(row: StartRow): Folded {
  const state = snapshotOf(row.state);
  return {
    orderId: row.id,
    before: state,
    beforeStatus: row.status,
    state,
    revision: BigInt(row.revision),
    createdAt: row.created_at,
    updatedAt: row.created_at,
  };
}

/** A live batch's events no row shows yet, and the rows those events start from (by order id). */
export interface NotApplied {
  readonly pending: readonly StoredEvent[];
  readonly starts: Map<string, Folded>;
}

/**
 * The events no row shows yet (events of other streams are kept: their projectors check for
 * themselves), and the rows they start from. Most events reaching the projector were written by
 * their command already, in its own statement: their rows' states are not read (only their
 * revisions), which spares reading, decoding and folding them. Those of the rest are read in the
 * same round trip. Revisions only grow, so a skip needs no lock; the rest is checked again when
 * written (under locks, or by the guard of a one-statement write).
 */
export async function notAppliedYet(trx: Db, events: readonly StoredEvent[]): Promise<NotApplied> {
  const isOrder = (event: StoredEvent) => event.streamId.startsWith(ORDER_STREAM_PREFIX);
  const last = new Map<string, bigint>();
  for (const event of events.filter(isOrder)) last.set(orderIdOf(event.streamId), event.revision);
  if (last.size === 0) return { pending: events, starts: new Map() };
  const { rows } = await sql<Omit<StartRow, 'state'> & { state: OrderData | null }>`
    select o.id, o.revision, case when o.revision < w.last then o.state end as state, o.created_at, o.status
      from unnest(${[...last.keys()]}::text[], ${[...last.values()].map(String)}::bigint[]) as w(id, last)
      join orders o on o.id = w.id`.execute(trx);
  const revisions = new Map(rows.map((row) => [row.id, BigInt(row.revision)]));
  const starts = new Map(rows.flatMap((row) => (row.state === null ? [] : [[row.id, foldedOf({ ...row, state: row.state })] as const])));
  const pending = events.filter((event) => !isOrder(event) || event.revision > (revisions.get(orderIdOf(event.streamId)) ?? -1n));
  return { pending, starts };
}

/**
 * Applies order events set-wise, inside the caller's transaction: the batch's rows are read once
 * (locked), each order's new events folded in memory with the machine, and then one multi-row
 * statement per table writes the rows, their history, their search terms and the status counts.
 * Events already applied are skipped, so a replay, a rebuild and a command that projected its own
 * events all end with the same tables.
 */
export async function applyOrderBatch(trx: Db, stored: readonly StoredEvent[]): Promise<Applied[]> {
  if (stored.length === 0) return [];
  const events = decodeOrderEvents(stored);
  const effects = effectsOf(await readStarts(trx, events), events);
  if (effects.history.length > 0) await runParts(trx, effectParts(effects));
  return effects.applied;
}

export const decodeOrderEvents = (stored: readonly StoredEvent[]): RevisedOrderEvent[] =>
  stored.map((event) => ({
    orderId: orderIdOf(event.streamId),
    revision: event.revision,
    event: toOrderEvent(event.type, event.data, event.metadata),
  }));

/**
 * A replay's folding, page after page, with each order's state carried in memory from the page
 * that last changed it (the replayed tables were emptied, so an order's row is only ever what an
 * earlier page wrote): the next page is folded while the database writes this one. At most
 * `capacity` states are kept (the least recently used go); an order whose state went is read back
 * from its row, once the writes before it are in.
 */
export class ReplayFolder {
  readonly #states = new Map<string, Folded>();
  /** Every order replayed so far: one whose state is not kept has a row. */
  readonly #seen = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** The orders of these events whose state must be read from their rows first. */
  missing(events: readonly RevisedOrderEvent[]): RevisedOrderEvent[] {
    return events.filter((event) => this.#seen.has(event.orderId) && !this.#states.has(event.orderId));
  }

  /** Takes the rows' states of `missing` (read after the writes before them were in). */
  async load(trx: Db, missing: readonly RevisedOrderEvent[]): Promise<void> {
    if (missing.length === 0) return;
    for (const [id, start] of await readStarts(trx, missing, false)) this.#keep(id, start);
  }

  /**
   * Orders whose rows another path wrote (the locked one): a state kept for them is stale, and
   * they have rows now, to be read back when they come again.
   */
  forget(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (!event.streamId.startsWith(ORDER_STREAM_PREFIX)) continue;
      const orderId = orderIdOf(event.streamId);
      this.#states.delete(orderId);
      this.#seen.add(orderId);
    }
  }

  /** The effects of one page; the states it leaves are kept for the next. */
  fold(events: readonly RevisedOrderEvent[]): OrderEffects {
    const starts = new Map<string, Folded>();
    for (const { orderId } of events) {
      const kept = this.#states.get(orderId);
      if (kept && !starts.has(orderId)) starts.set(orderId, { ...kept, before: kept.state, beforeStatus: kept.state.context.status });
    }
    const effects = effectsOf(starts, events);
    for (const [id, state] of starts) this.#keep(id, state);
    return effects;
  }

  #keep(id: string, state: Folded): void {
    this.#seen.add(id);
    this.#states.delete(id);
    this.#states.set(id, state);
    if (this.#states.size > this.capacity) this.#states.delete(this.#states.keys().next().value!);
  }
}

/** An order row moved while a batch read without locks was being written: nothing was written. */
export const isRowMovedError = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'PJ001';

/**
 * The same, in one statement and without a transaction: the rows are read without locks, and the
 * write, together with the caller's `alongside` parts (its checkpoint), is guarded by
 * order_rows_at (migration 0014): should a row have moved meanwhile, the statement fails whole
 * (isRowMovedError) and the caller applies the batch under locks. Two round trips where the locked
 * path takes five.
 */
export async function applyOrderBatchInOneStatement(
  db: Db,
  stored: readonly StoredEvent[],
  alongside: readonly RawBuilder<unknown>[],
  read?: Map<string, Folded>,
): Promise<Applied[]> {
  const events = decodeOrderEvents(stored);
  const starts = read ?? (await readStarts(db, events, false));
  const ids = [...new Set(events.map((event) => event.orderId))];
  const expected = ids.map((id) => ({ id, revision: (starts.get(id)?.revision ?? -1n).toString() }));
  const effects = effectsOf(starts, events);
  await runParts(
    db,
    [sql`guard as (select order_rows_at(${jsonParameter(expected)}) as ok)`, ...effectParts(effects), ...alongside],
    sql`select ok from guard`,
  );
  return effects.applied;
}

/** Where a command found its order: the state it decided on, at that stream revision (-1: a new order). */
export interface DecidedOn {
  readonly state: OrderSnapshot;
  readonly revision: bigint;
}

/** The fold's start for an order as its command found it. */
function startOf(orderId: string, decidedOn: DecidedOn, at: Date): Folded {
  const isNew = decidedOn.revision < 0n;
  return {
    orderId,
    before: isNew ? null : decidedOn.state,
    beforeStatus: isNew ? null : decidedOn.state.context.status,
    state: decidedOn.state,
    revision: decidedOn.revision,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Many commands' events written to the read rows in their append's transaction, folded from the
 * states the commands decided on (their rows as read, at those revisions) instead of reading the
 * rows again: one statement, guarded by order_rows_at like the one-statement batch, so should a
 * row not be where its command found it, nothing is written (isRowMovedError).
 */
export async function applyDecidedOrderEvents(
  trx: Db,
  decidedOn: ReadonlyMap<string, DecidedOn>,
  events: readonly RevisedOrderEvent[],
): Promise<Applied[]> {
  if (events.length === 0) return [];
  const at = new Date(events[0]!.event.meta.occurred_at);
  const starts = new Map([...decidedOn].map(([orderId, on]) => [orderId, startOf(orderId, on, at)]));
  const expected = [...decidedOn].map(([id, on]) => ({ id, revision: on.revision.toString() }));
  const effects = effectsOf(starts, events);
  await runParts(
    trx,
    [sql`guard as (select order_rows_at(${jsonParameter(expected)}) as ok)`, ...effectParts(effects)],
    sql`select ok from guard`,
  );
  return effects.applied;
}

/**
 * A decision's events with the revisions their append gives them (the next ones after `revision`,
 * the stream's when it was decided), the last carrying the state the decision left.
 */
export const decidedEvents = (
  orderId: string,
  revision: bigint,
  events: readonly OrderEvent[],
  decided: OrderSnapshot,
): RevisedOrderEvent[] =>
  events.map((event, index) => ({
    orderId,
    revision: revision + 1n + BigInt(index),
    event,
    ...(index === events.length - 1 ? { after: decided } : {}),
  }));

/**
 * The same effects for one command's events, as the argument of the SQL function order_project
 * (migrations/0013), which writes them in the append's own statement when the row is still at the
 * revision the command decided on. `decided` is the state the decision left: the last event's.
 */
export function orderProjectArgument(orderId: string, decidedOn: DecidedOn, events: readonly OrderEvent[], decided: OrderSnapshot) {
  const start = startOf(orderId, decidedOn, new Date(events[0]!.meta.occurred_at));
  // Always the row: it carries the new revision the command's caller reads back.
  const effects = effectsOf(new Map([[orderId, start]]), decidedEvents(orderId, decidedOn.revision, events, decided), () => true);
  return {
    expected: decidedOn.revision.toString(),
    row: effects.rows[0],
    terms: effects.terms[0]?.terms ?? null,
    history: effects.history,
    deltas: effects.deltas,
  };
}
