import { sql, type Kysely, type Transaction } from 'kysely';
import { START, type Checkpoint, type ReadAllPage, type StoredEvent, type Subscription } from '../../eventstore/port.js';
import { WakeSignal } from '../../eventstore/shared/wake-signal.js';
import type { DB } from '../database/schema.js';
import type { OpenedEventStore } from './opened-event-store.js';
import { eraseOrdersOf, type Applied } from './order-projector.js';
import {
  applyOrderBatchInOneStatement,
  decodeOrderEvents,
  effectParts,
  isRowMovedError,
  notAppliedYet,
  ReplayFolder,
  runParts,
} from './order-batch.js';
import { applyEvents, FOLLOWED_PREFIXES, follows, ORDER_PROJECTOR, REBUILT_PREFIXES } from './projectors.js';
import { foldStatusDeltasParts } from './status-counts.js';
import { Waiters } from './projection-waiters.js';
import { clearWarehouseTables } from './warehouse-projector.js';
import { dropSecondaryIndexes, restoreDroppedIndexes } from './rebuild-indexes.js';

/** Which projector applies which events is the registry's (projectors.ts); commands apply their own through it too. */
export { applyEvents } from './projectors.js';
export { ProjectionLagError } from './projection-waiters.js';

/** Only order events: the batch can take the set-wise paths. */
const onlyOrders = (events: readonly StoredEvent[]): boolean => events.every((event) => follows(ORDER_PROJECTOR, event.streamId));

export const ORDERS_PROJECTION = 'orders';
const BATCH_SIZE = 200;
/**
 * A rebuild applies larger batches through the same set-wise code path: each written page costs a
 * statement's planning (about 20 ms for its five tables) and round trips, whatever its size.
 */
const REBUILD_BATCH_SIZE = 5000;
/** The most events the store hands out per read (MAX_PAGE_SIZE): a rebuild's page is read in such chunks. */
const READ_CHUNK = 1000;
/** Orders whose folded state a rebuild keeps between pages (a few kB each). */
const REBUILD_CARRIED_ORDERS = 50_000;

export interface ProjectionRunner {
  start(): Promise<void>;
  /** Resolves once the order's read row (or, given a reference stream's id, its table) has reached this stream revision. */
  waitFor(orderId: string, revision: bigint, timeoutMs?: number): Promise<void>;
  /** Why the read tables are not following the log right now (a failing batch), or null. */
  problem(): unknown;
  stop(): Promise<void>;
}

export interface ProjectionRunnerOptions {
  /** Told about each failed attempt at a batch (it is retried until it succeeds). */
  readonly onError?: (error: unknown) => void;
  readonly retryMs?: { readonly first: number; readonly max: number };
  /** Told what each batch applied (the rows and revisions), once it committed. */
  readonly onApplied?: (applied: readonly Applied[]) => void;
}

/**
 * Feeds the read tables from the event log: a subscription from the stored checkpoint, whose
 * events are applied in batches, each batch in one transaction together with its checkpoint, so
 * a crash never loses or doubles an effect. A batch that fails stays at the head of the queue and
 * is tried again with backoff: the tables stall (and say so through `problem()`) rather than skip
 * an event.
 */
export function createProjectionRunner(
  db: Kysely<DB>,
  store: OpenedEventStore,
  options: ProjectionRunnerOptions = {},
): ProjectionRunner & { retryNow(): void } {
  const runner = new Runner(db, store, options);
  return {
    start: () => runner.start(),
    waitFor: (orderId, revision, timeoutMs) => runner.waitFor(orderId, revision, timeoutMs),
    problem: () => runner.failure,
    stop: () => runner.stop(),
    retryNow: () => runner.retryNow(),
  };
}

class Runner {
  failure: unknown = null;
  readonly #retry: { readonly first: number; readonly max: number };
  #subscription: Subscription | undefined;
  #buffer: StoredEvent[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #scheduled = false;
  #stopping = false;
  readonly #pause = new WakeSignal();
  readonly #waiters = new Waiters();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: OpenedEventStore,
    private readonly options: ProjectionRunnerOptions,
  ) {
    this.#retry = options.retryMs ?? { first: 100, max: 5_000 };
  }

  async start(): Promise<void> {
    this.#stopping = false;
    const from = await readCheckpoint(this.db);
    // Sealed: most events were projected by their commands and are skipped unread (applyBatch).
    this.#subscription = this.store.subscribeSealed({
      from,
      streamPrefixes: FOLLOWED_PREFIXES,
      onEvent: (event) => this.#receive(event),
      onError: (error) => this.#failed(error),
    });
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#pause.wake();
    await this.#subscription?.stop();
    await this.#flush();
  }

  waitFor(orderId: string, revision: bigint, timeoutMs?: number): Promise<void> {
    return this.#waiters.waitFor(this.db, { orderId, revision, timeoutMs }, this);
  }

  /** A batch that is backing off after a failure (the database was away) is tried now: someone waits. */
  retryNow(): void {
    this.#pause.wake();
  }

  async #receive(event: StoredEvent): Promise<void> {
    this.#buffer.push(event);
    // Hold the subscription back while a full batch is written; otherwise write soon.
    if (this.#buffer.length >= BATCH_SIZE) await this.#flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => void this.#flush());
    }
  }

  #failed(error: unknown): void {
    this.failure = error;
    this.options.onError?.(error);
  }

  #flush(): Promise<void> {
    this.#scheduled = false;
    this.#flushing = this.#flushing.then(() => this.#drain());
    return this.#flushing;
  }

  /** Applies the queue batch by batch; never rejects. While stopping, a failing batch is left for the next start. */
  async #drain(): Promise<void> {
    let delay = this.#retry.first;
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.slice(0, BATCH_SIZE);
      try {
        const applied = await applyBatch(this.db, batch, (events) => this.store.open(events));
        this.#waiters.reached(applied);
        this.options.onApplied?.(applied);
        this.#buffer = this.#buffer.slice(batch.length);
        this.failure = null;
        delay = this.#retry.first;
      } catch (error) {
        this.#failed(error);
        if (this.#stopping) return;
        await this.#pause.wait(delay);
        delay = Math.min(delay * 2, this.#retry.max);
      }
    }
  }
}

async function readCheckpoint(db: Kysely<DB>): Promise<Checkpoint> {
  const stored = await db
    .selectFrom('projection_checkpoints')
    .select('checkpoint')
    .where('name', '=', ORDERS_PROJECTION)
    .executeTakeFirst();
  return stored?.checkpoint ?? START;
}

/**
 * A batch costs two round trips: a look at the rows' revisions (and the states of those with events
 * still to apply), then one statement. When its commands applied its events already (the usual
 * case), that statement is the checkpoint (with the count changes folded in); otherwise it also
 * writes the batch, guarded against rows that move meanwhile (then, and for other streams'
 * events, the batch is applied under locks in a transaction). On a busy server every round trip
 * waits its turn in the event loop: an eleven-statement transaction per batch was most of the
 * projection lag under load. The batch comes sealed, and only the events still to apply are
 * opened: opening every event (an AES-GCM decipher per personal field) was a large share of the
 * runner's work during a statement import.
 */
async function applyBatch(
  db: Kysely<DB>,
  sealed: readonly StoredEvent[],
  open: (events: readonly StoredEvent[]) => Promise<StoredEvent[]>,
): Promise<readonly Applied[]> {
  const checkpoint = sealed.at(-1)!.checkpoint;
  const found = await notAppliedYet(db, sealed);
  const pending = await open(found.pending);
  if (pending.length === 0) {
    await runParts(db, checkpointParts(checkpoint));
    return [];
  }
  if (onlyOrders(pending)) {
    try {
      return await applyOrderBatchInOneStatement(db, pending, checkpointParts(checkpoint), found.starts);
    } catch (error) {
      if (!isRowMovedError(error)) throw error;
    }
  }
  return db.transaction().execute(async (trx) => {
    await withoutWaitingForFlush(trx);
    const done = await applyEvents(trx, pending);
    await saveCheckpoint(trx, checkpoint);
    return done;
  });
}

/**
 * A projection's transaction commits without waiting for its WAL to reach the disk: a crash may
 * lose the last batches, but their checkpoint goes with them, and they are applied again from the
 * log. (The commands' own rows are written with their events, and wait as those do.)
 */
async function withoutWaitingForFlush(trx: Transaction<DB>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/** Statement parts that save how far the tables follow the log, and fold the count changes recorded so far. */
const checkpointParts = (checkpoint: Checkpoint) => [
  ...foldStatusDeltasParts(),
  sql`saved as (
    insert into projection_checkpoints (name, checkpoint, updated_at) values (${ORDERS_PROJECTION}, ${checkpoint}, now())
    on conflict (name) do update set checkpoint = excluded.checkpoint, updated_at = excluded.updated_at
    returning 1)`,
];

const saveCheckpoint = (trx: Transaction<DB>, checkpoint: Checkpoint) => runParts(trx, checkpointParts(checkpoint));

export interface RebuildOptions {
  /** Events per page (default 5000). */
  readonly pageSize?: number;
  /** Orders whose state is kept in memory between pages (default 50,000). */
  readonly carriedOrders?: number;
  /** Keep the secondary indexes up during the rebuild (a bench's comparison; slower). */
  readonly keepIndexes?: boolean;
  /** Told the events written so far, after each page commits. */
  readonly onPage?: (written: number) => void;
}

/**
 * Rebuilds the order and warehouse read tables from the whole log: empties them (and drops their
 * secondary indexes until the end, see rebuild-indexes.ts), then applies every such event
 * in pages, each page in one transaction with its checkpoint, written while the next page is read
 * and folded (ReplayFolder carries the orders' states from page to page). If it stops half-way,
 * the tables and the checkpoint still agree: the runner, or another rebuild, carries on from there.
 */
export async function rebuildOrderProjection(db: Kysely<DB>, store: OpenedEventStore, options: RebuildOptions = {}): Promise<number> {
  await db.transaction().execute(async (trx) => {
    // Emptied, not deleted row by row: dead rows would slow every index check of the replay.
    await sql`truncate order_search_terms, order_history, order_status_counts, order_status_deltas, orders`.execute(trx);
    await clearWarehouseTables(trx);
    await trx.deleteFrom('projection_checkpoints').where('name', '=', ORDERS_PROJECTION).execute();
    if (!options.keepIndexes) await dropSecondaryIndexes(trx);
  });
  const read = (from: Checkpoint) => readPage(store, from, options.pageSize ?? REBUILD_BATCH_SIZE);
  const folder = new ReplayFolder(options.carriedOrders ?? REBUILD_CARRIED_ORDERS);
  // Pages are written one after another, each while the next is read and folded.
  let writing: Promise<void> = Promise.resolve();
  const write = (work: () => Promise<unknown>, written: number) => {
    writing = writing.then(async () => {
      await work();
      options.onPage?.(written);
    });
    writing.catch(() => undefined); // met when awaited
  };
  let count = 0;
  let next = read(START);
  for (;;) {
    const page = await next;
    if (page.events.length === 0) break;
    next = read(page.next);
    next.catch(() => undefined); // met when the page is awaited
    count += page.events.length;
    // Folding a page holds the event loop: the write that finished meanwhile starts its successor,
    // and the read its next chunk, first (an awaited page already read resumes without I/O).
    await new Promise(setImmediate);
    if (!onlyOrders(page.events)) {
      // Warehouse events are applied one by one, after the writes before them, as the runner does.
      await writing;
      write(
        () =>
          db.transaction().execute(async (trx) => {
            await withoutWaitingForFlush(trx);
            await applyEvents(trx, page.events);
            await saveCheckpoint(trx, page.next);
          }),
        count,
      );
      folder.forget(page.events);
      continue;
    }
    const events = decodeOrderEvents(page.events);
    const missing = folder.missing(events);
    if (missing.length > 0) {
      await writing;
      await folder.load(db, missing);
    }
    const parts = [...effectParts(folder.fold(events)), ...checkpointParts(page.next)];
    // One statement is one transaction, and one round trip instead of four (begin, set, write,
    // commit), each of which waited for the fold of the next page to let go of the event loop.
    write(() => runParts(db, parts, sql`select set_config('synchronous_commit', 'off', true)`), count);
  }
  await writing;
  await restoreDroppedIndexes(db);
  await eraseAgain(db);
  return count;
}

/**
 * Up to `size` events from `from`, read in chunks the store accepts. Order events alone are
 * gathered across chunks (they take the set-wise path together); a chunk with other events is a
 * page of its own, so those are applied one by one in log order as before: met after some order
 * events, the page ends before it and the next read starts there again.
 */
async function readPage(store: OpenedEventStore, from: Checkpoint, size: number): Promise<ReadAllPage> {
  const events: StoredEvent[] = [];
  let next = from;
  while (events.length < size) {
    const chunk = await store.readAll({
      from: next,
      maxCount: Math.min(READ_CHUNK, size - events.length),
      streamPrefixes: REBUILT_PREFIXES,
    });
    if (chunk.events.length === 0) break;
    if (!onlyOrders(chunk.events)) {
      if (events.length === 0) return chunk;
      break;
    }
    events.push(...chunk.events);
    next = chunk.next;
  }
  return { events, next };
}

/**
 * The rows of erased payers' orders as their erasure left them: a replay reads their sealed fields
 * as erased, but the free text that events stored before it was sealed hold in the clear must be
 * blanked again, as PersonalDataErased did (the reference streams are not replayed by a rebuild).
 */
async function eraseAgain(db: Kysely<DB>): Promise<void> {
  const erased = await db
    .selectFrom('subject_keys')
    .select('subject_id')
    .where('key', 'is', null)
    .where('subject_id', 'like', 'user-%')
    .execute();
  for (const { subject_id } of erased) {
    const ownerId = Number(subject_id.slice('user-'.length));
    if (Number.isSafeInteger(ownerId)) await db.transaction().execute((trx) => eraseOrdersOf(trx, ownerId));
  }
}
