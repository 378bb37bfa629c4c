import { sql, type Kysely } from 'kysely';
import type { SubscribeOptions, Subscription } from '../port.js';
import { START } from '../port.js';
import { pageSize, streamPrefixes } from '../shared/validation.js';
import { createAppends } from './appends.js';
import { decodeCheckpoint } from './checkpoint.js';
import { CommitNotifier } from './commit-notifier.js';
import type { Database } from './database.js';
import { NotificationFanOut } from './notification-fan-out.js';
import type { PostgresEventStore } from './port.js';
import { listStreams, readAll, readEventsAt, readStream, readStreams } from './reads.js';
import { EVENTS_CHANNEL, type EventStoreTables } from './schema.js';
import { startPollingSubscription } from './subscription.js';

export interface PostgresEventStoreOptions<DB extends EventStoreTables> {
  /** Migrated with migrateEventStoreToLatest. */
  readonly database: Database<DB>;
  /**
   * Where subscriptions read the log, when not `database`: a pool of their own keeps a busy
   * server's commands from queueing ahead of the projector's reads.
   */
  readonly subscriptionDatabase?: Database<DB>;
  /** close() also closes the database (default false: whoever opened it closes it). */
  readonly ownsDatabase?: boolean;
  /** Poll interval of subscriptions while caught up; NOTIFY usually wakes them sooner. */
  readonly pollIntervalMs?: number;
  /** Least time between two NOTIFYs this store sends after its appends (see CommitNotifier). */
  readonly notifyCooldownMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 250;
const DEFAULT_NOTIFY_COOLDOWN_MS = 5;

/** What the store's parts share: where it reads and writes, and who is woken after an append. */
interface StoreContext {
  readonly db: Kysely<EventStoreTables>;
  readonly subscriptionDb: Kysely<EventStoreTables>;
  readonly pollIntervalMs: number;
  readonly wakers: NotificationFanOut;
  readonly notifier: CommitNotifier;
  readonly subscriptions: Set<Subscription>;
}

/**
 * The event store on PostgreSQL, the same code over pg and PGlite, with the extension that appends
 * and projects in one transaction over `database` (see ./port.ts).
 */
export function createPostgresEventStore<DB extends EventStoreTables>(options: PostgresEventStoreOptions<DB>): PostgresEventStore<DB> {
  const context = storeContext(options);
  const appends = createAppends(options.database.db, () => {
    context.notifier.committed();
    context.wakers.wakeAll();
  });
  return {
    ...appends,
    readStream: (streamId, readOptions) => readStream(context.db, streamId, readOptions),
    readAll: (readOptions) => readAll(context.db, readOptions),
    readEventsAt: (positions) => readEventsAt(context.db, positions),
    listStreams: (listOptions) => listStreams(context.db, listOptions),
    readStreams: (streamIds) => readStreams(context.db, streamIds),
    subscribe: (subscribeOptions) => subscribe(context, subscribeOptions),
    async ping() {
      await sql`select 1`.execute(context.db);
    },
    async close() {
      await closeStore(context);
      if (options.ownsDatabase) await options.database.close();
    },
  };
}

function storeContext<DB extends EventStoreTables>(options: PostgresEventStoreOptions<DB>): StoreContext {
  // Only the event-store tables are read or written here; DB is whatever else the database holds.
  const db = options.database.db as unknown as Kysely<EventStoreTables>;
  const subscriptionDb = (options.subscriptionDatabase?.db ?? options.database.db) as unknown as Kysely<EventStoreTables>;
  const notifier = new CommitNotifier(async () => {
    await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
  }, options.notifyCooldownMs ?? DEFAULT_NOTIFY_COOLDOWN_MS);
  return {
    db,
    subscriptionDb,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    wakers: new NotificationFanOut(options.database),
    notifier,
    subscriptions: new Set(),
  };
}

function subscribe(context: StoreContext, options: SubscribeOptions): Subscription {
  decodeCheckpoint(options.from ?? START); // refuse bad input now, not in the loop
  const prefixes = streamPrefixes(options.streamPrefixes);
  const size = pageSize(undefined);
  const subscription = startPollingSubscription(options, {
    readPage: (from) => readAll(context.subscriptionDb, { from, maxCount: size, ...(prefixes ? { streamPrefixes: prefixes } : {}) }),
    pageSize: size,
    pollIntervalMs: context.pollIntervalMs,
    registerWake: (wake) => context.wakers.add(wake),
  });
  context.subscriptions.add(subscription);
  return {
    checkpoint: subscription.checkpoint,
    async stop() {
      context.subscriptions.delete(subscription);
      await subscription.stop();
    },
  };
}

async function closeStore(context: StoreContext): Promise<void> {
  await Promise.all([...context.subscriptions].map((subscription) => subscription.stop()));
  context.subscriptions.clear();
  await context.notifier.flush();
  await context.wakers.close();
}
