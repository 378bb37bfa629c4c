import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  InAppendTransaction,
  NewEvent,
  ProjectedAppendResult,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoredEvent,
  StatementProjection,
  SubscribeOptions,
  Subscription,
} from '../port.js';
import { EventStoreInputError, START } from '../port.js';
import { fromRevision, pageSize, streamPrefixes, validateAppend } from '../shared/validation.js';
import { isEventIdTaken, toAppendError } from './append-errors.js';
import { decodeCheckpoint } from './checkpoint.js';
import { CommitNotifier } from './commit-notifier.js';
import type { Database } from './database.js';
import { EVENT_COLUMNS, toStoredEvent } from './rows.js';
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
/** Value of the append function's expected revision that means "the stream must not exist". */
const NO_STREAM = '-1';

/** The event store on PostgreSQL, the same code over pg and PGlite. */
export function createPostgresEventStore<DB extends EventStoreTables>(options: PostgresEventStoreOptions<DB>): EventStore {
  const { database } = options;
  const db = database.db as unknown as Kysely<EventStoreTables>;
  const subscriptionDb = (options.subscriptionDatabase?.db ?? database.db) as unknown as Kysely<EventStoreTables>;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const wakers = new NotificationFanOut(database);
  const subscriptions = new Set<Subscription>();
  const notifier = new CommitNotifier(async () => {
    await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
  }, options.notifyCooldownMs ?? DEFAULT_NOTIFY_COOLDOWN_MS);

  async function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const { nextExpectedRevision } = await appendProjected(streamId, events, expected, async (appendStatement) => ({
      last: BigInt((await appendStatement.execute(db)).rows[0]?.revision ?? ''),
      projected: false,
    }));
    return { nextExpectedRevision };
  }

  /**
   * The append and the caller's projection in one transaction (es_append first, as the read horizon
   * requires). A retried append whose event ids are stored already rolls back and is answered as
   * append answers it, with projected = false.
   */
  function appendAndProject(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    project: InAppendTransaction,
  ): Promise<ProjectedAppendResult> {
    return appendProjected(streamId, events, expected, (append) =>
      db.transaction().execute(async (trx) => {
        const last = BigInt((await append.execute(trx)).rows[0]?.revision ?? '');
        await project(trx, last);
        return { last, projected: true };
      }),
    );
  }

  /**
   * The append and the caller's projection function in one statement: the subquery appends (so
   * es_append is the transaction's first write), the outer select projects with its revision.
   */
  function appendAndProjectInStatement(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    projection: StatementProjection,
  ): Promise<ProjectedAppendResult> {
    if (!/^[a-z_][a-z0-9_]*$/.test(projection.functionName))
      throw new EventStoreInputError(`Not a projection function name: ${projection.functionName}`);
    const argument = JSON.stringify(projection.argument);
    return appendProjected(streamId, events, expected, async (append) => {
      const { rows } = await sql<{ revision: string; projected: boolean }>`
        select appended.revision, ${sql.raw(projection.functionName)}(appended.revision, (${argument}::text)::jsonb) as projected
          from (${append} offset 0) as appended
      `.execute(db);
      return { last: BigInt(rows[0]?.revision ?? ''), projected: rows[0]?.projected === true };
    });
  }

  /** What both kinds of projected append share: the append's statement, its errors, its retries, its wake-ups. */
  async function appendProjected(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    run: (append: RawBuilder<{ revision: string }>) => Promise<{ last: bigint; projected: boolean }>,
  ): Promise<ProjectedAppendResult> {
    validateAppend(streamId, events, expected);
    const payload = JSON.stringify(events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })));
    const expectedRevision = expected === 'no_stream' ? NO_STREAM : expected.toString();
    let result: ProjectedAppendResult;
    try {
      // The events travel as text cast to jsonb: pg would turn a JS array into a Postgres array.
      const { last, projected } = await run(sql<{ revision: string }>`
        select es_append(${streamId}, ${expectedRevision}::bigint, (${payload}::text)::jsonb, false) as revision`);
      result = { nextExpectedRevision: last, projected };
    } catch (error) {
      if (!isEventIdTaken(error)) throw toAppendError(error, streamId, expected);
      result = { nextExpectedRevision: BigInt(await alreadyAppended(streamId, expected, payload, events.length, error)), projected: false };
    }
    notifier.committed();
    wakers.wakeAll();
    return result;
  }

  /**
   * An event id is already stored. That is a retry when all of the ids are in this very stream
   * (answered with the revision they got); anything else is refused. Only this rare path pays a
   * second round trip.
   */
  async function alreadyAppended(
    streamId: string,
    expected: ExpectedRevision,
    payload: string,
    count: number,
    cause: unknown,
  ): Promise<string> {
    let revision: string | null | undefined;
    try {
      const { rows } = await sql<{ revision: string | null }>`
        select es_already_appended(${streamId}, (${payload}::text)::jsonb, ${count}::integer) as revision
      `.execute(db);
      revision = rows[0]?.revision;
    } catch (error) {
      throw toAppendError(error, streamId, expected);
    }
    if (revision === null || revision === undefined) {
      throw new EventStoreInputError(`An event id of this append to ${streamId} is already stored.`, { cause });
    }
    return revision;
  }

  async function readStream(streamId: string, readOptions?: ReadStreamOptions): Promise<readonly StoredEvent[]> {
    const rows = await db
      .selectFrom('es_events')
      .select(EVENT_COLUMNS)
      .where('stream_id', '=', streamId)
      .where('stream_revision', '>=', fromRevision(readOptions).toString())
      .orderBy('stream_revision')
      .limit(pageSize(readOptions?.maxCount))
      .execute();
    return rows.map(toStoredEvent);
  }

  /**
   * Global order is (transaction id, position), and only transactions older than every running
   * append are read: a position is taken at insert time but becomes visible at commit, so reading
   * by position alone would let a reader pass a slow transaction's events and never come back.
   * `es_read_horizon` (migrations/0002) waits on appends only, not on unrelated transactions; the
   * scalar subquery runs it once per read, on the statement's own snapshot.
   */
  async function readAll(readOptions?: ReadAllOptions, on: Kysely<EventStoreTables> = db): Promise<ReadAllPage> {
    const from = readOptions?.from ?? START;
    const after = decodeCheckpoint(from);
    const prefixes = streamPrefixes(readOptions?.streamPrefixes);
    let query = on
      .selectFrom('es_events')
      .select(EVENT_COLUMNS)
      .where(sql<boolean>`transaction_id < (select es_read_horizon(pg_current_snapshot()))`)
      .where(sql<boolean>`(transaction_id, position) > (${after.transactionId.toString()}::xid8, ${after.position.toString()}::bigint)`);
    if (prefixes !== undefined) {
      query = query.where(
        sql<boolean>`exists (select from unnest(${[...prefixes]}::text[]) as p(prefix) where starts_with(stream_id, p.prefix))`,
      );
    }
    const rows = await query.orderBy('transaction_id').orderBy('position').limit(pageSize(readOptions?.maxCount)).execute();
    const events = rows.map(toStoredEvent);
    return { events, next: events.at(-1)?.checkpoint ?? from };
  }

  function subscribe(subscribeOptions: SubscribeOptions): Subscription {
    decodeCheckpoint(subscribeOptions.from ?? START); // refuse bad input now, not in the loop
    const prefixes = streamPrefixes(subscribeOptions.streamPrefixes);
    const size = pageSize(undefined);
    const subscription = startPollingSubscription(subscribeOptions, {
      readPage: (from) => readAll({ from, maxCount: size, ...(prefixes ? { streamPrefixes: prefixes } : {}) }, subscriptionDb),
      pageSize: size,
      pollIntervalMs,
      registerWake: (wake) => wakers.add(wake),
    });
    subscriptions.add(subscription);
    return {
      checkpoint: subscription.checkpoint,
      async stop() {
        subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  return {
    append,
    appendAndProject,
    appendAndProjectInStatement,
    readStream,
    readAll: (readOptions) => readAll(readOptions),
    subscribe,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await notifier.flush();
      await wakers.close();
      if (options.ownsDatabase) await database.close();
    },
  };
}

/**
 * One LISTEN per store, fanned out to its subscriptions; registered while at least one
 * subscription runs. If LISTEN fails, subscriptions still poll.
 */
class NotificationFanOut {
  readonly #wakers = new Set<() => void>();
  #unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  constructor(private readonly database: Pick<Database<unknown>, 'listen'>) {}

  add(wake: () => void): () => void {
    this.#wakers.add(wake);
    this.#unlisten ??= this.database.listen(EVENTS_CHANNEL, () => this.wakeAll()).catch(() => undefined);
    return () => {
      this.#wakers.delete(wake);
    };
  }

  /** Also called after our own appends: they need no round trip through the database to be seen. */
  wakeAll(): void {
    for (const wake of this.#wakers) wake();
  }

  async close(): Promise<void> {
    const unlisten = await this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }
}
