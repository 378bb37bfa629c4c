import type { Kysely } from 'kysely';
import { START, type Checkpoint, type EventStore, type StoredEvent, type Subscription } from '../../eventstore/port.js';
import { ORDER_STREAM_PREFIX } from '../domain/index.js';
import { applyOrderEvent, type Applied } from './order-projector.js';
import type { DB } from './schema.js';

export const ORDERS_PROJECTION = 'orders';
const BATCH_SIZE = 200;

/** The command's result is not readable yet; the client may simply ask again. */
export class ProjectionLagError extends Error {
  override readonly name = 'ProjectionLagError';
}

export interface ProjectionRunner {
  start(): Promise<void>;
  /** Resolves once the order's read row has reached this stream revision. */
  waitFor(orderId: string, revision: bigint, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface Waiter {
  readonly revision: bigint;
  readonly resolve: () => void;
}

/**
 * Feeds the read tables from the event log: a subscription from the stored checkpoint, whose
 * events are applied in batches, each batch in one transaction together with its checkpoint, so
 * a crash never loses or doubles an effect.
 */
export function createProjectionRunner(db: Kysely<DB>, store: EventStore): ProjectionRunner {
  let subscription: Subscription | undefined;
  let buffer: StoredEvent[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let failure: unknown;
  const waiters = new Map<string, Waiter[]>();

  function wake(applied: readonly Applied[]): void {
    for (const { orderId, revision } of applied) {
      const list = waiters.get(orderId);
      if (!list) continue;
      const remaining = list.filter((waiter) => {
        if (waiter.revision > revision) return true;
        waiter.resolve();
        return false;
      });
      if (remaining.length > 0) waiters.set(orderId, remaining);
      else waiters.delete(orderId);
    }
  }

  async function applyBatch(batch: readonly StoredEvent[]): Promise<void> {
    const applied = await db.transaction().execute(async (trx) => {
      const done: Applied[] = [];
      for (const event of batch) {
        const result = await applyOrderEvent(trx, event);
        if (result) done.push(result);
      }
      const checkpoint = batch.at(-1)!.checkpoint;
      await trx
        .insertInto('projection_checkpoints')
        .values({ name: ORDERS_PROJECTION, checkpoint, updated_at: new Date() })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ checkpoint, updated_at: new Date() }))
        .execute();
      return done;
    });
    wake(applied);
  }

  function flush(): Promise<void> {
    scheduled = false;
    flushing = flushing.then(async () => {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, BATCH_SIZE);
        buffer = buffer.slice(batch.length);
        await applyBatch(batch);
      }
    });
    return flushing;
  }

  return {
    async start() {
      const stored = await db
        .selectFrom('projection_checkpoints')
        .select('checkpoint')
        .where('name', '=', ORDERS_PROJECTION)
        .executeTakeFirst();
      const from: Checkpoint = stored?.checkpoint ?? START;
      subscription = store.subscribe({
        from,
        streamPrefixes: [ORDER_STREAM_PREFIX],
        onEvent: async (event) => {
          buffer.push(event);
          // Hold the subscription back while a full batch is written; otherwise write soon.
          if (buffer.length >= BATCH_SIZE) await flush();
          else if (!scheduled) {
            scheduled = true;
            setImmediate(() => void flush().catch((error: unknown) => (failure = error)));
          }
        },
        onError: (error) => {
          failure = error;
        },
      });
    },

    async waitFor(orderId, revision, timeoutMs = 5_000) {
      const reached = async () => {
        const row = await db.selectFrom('orders').select('revision').where('id', '=', orderId).executeTakeFirst();
        return row !== undefined && BigInt(row.revision) >= revision;
      };
      if (await reached()) return;
      await new Promise<void>((resolve, reject) => {
        const list = waiters.get(orderId) ?? [];
        // Another process may run the projection: look at the table now and then, too.
        const poll = setInterval(() => void reached().then((ok) => ok && done()).catch(() => undefined), 100);
        const timer = setTimeout(() => {
          clearInterval(poll);
          reject(failure ?? new ProjectionLagError(`The order ${orderId} is not readable yet.`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve();
        };
        list.push({ revision, resolve: done });
        waiters.set(orderId, list);
      });
    },

    async stop() {
      await subscription?.stop();
      await flush().catch(() => undefined);
    },
  };
}

/**
 * Rebuilds the order read tables from the whole log: empties them, then applies every order event
 * in pages, each page in one transaction with the checkpoint.
 */
export async function rebuildOrderProjection(db: Kysely<DB>, store: EventStore): Promise<number> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('order_history').execute();
    await trx.deleteFrom('order_status_counts').execute();
    await trx.deleteFrom('orders').execute();
    await trx.deleteFrom('projection_checkpoints').where('name', '=', ORDERS_PROJECTION).execute();
  });
  let from: Checkpoint = START;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ from, maxCount: BATCH_SIZE, streamPrefixes: [ORDER_STREAM_PREFIX] });
    if (page.events.length === 0) return count;
    await db.transaction().execute(async (trx) => {
      for (const event of page.events) await applyOrderEvent(trx, event);
      await trx
        .insertInto('projection_checkpoints')
        .values({ name: ORDERS_PROJECTION, checkpoint: page.next, updated_at: new Date() })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ checkpoint: page.next, updated_at: new Date() }))
        .execute();
    });
    count += page.events.length;
    from = page.next;
  }
}
