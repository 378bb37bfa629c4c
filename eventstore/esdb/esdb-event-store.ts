import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type Position,
  type StreamingRead,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  ListStreamsOptions,
  NewEvent,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoredEvent,
  StreamIdsPage,
  SubscribeOptions,
  Subscription,
} from '../port.js';
import { ConcurrencyError, START } from '../port.js';
import { fromRevision, MAX_PAGE_SIZE, pageSize, streamPrefixes, validateAppend } from '../shared/validation.js';
import { decodePosition, encodePosition, samePosition } from './checkpoint.js';
import { isApplicationEvent, toEventData, toStoredEvent } from './events.js';
import { startEsdbSubscription } from './subscription.js';
import { withTimeout } from './timeout.js';

export interface EsdbEventStoreOptions {
  /** e.g. esdb://localhost:2113?tls=false */
  readonly connectionString: string;
  /** Longest wait for any one call (append, one page of a read, ping). Default 5000 ms. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** What every call needs: the connected client and the longest wait for one call. */
interface EsdbConnection {
  readonly client: EventStoreDBClient;
  readonly timeoutMs: number;
}

/** The event store on EventStoreDB (gRPC client 6). */
export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const connection: EsdbConnection = {
    client: EventStoreDBClient.connectionString(options.connectionString),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const { client, timeoutMs } = connection;
  const subscriptions = new Set<Subscription>();

  return {
    append: (streamId, events, expected) => append(connection, streamId, events, expected),
    readStream: (streamId, readOptions) => readStream(connection, streamId, readOptions),
    readAll: (readOptions) => readAll(connection, readOptions),
    listStreams: (listOptions) => listStreams(connection, listOptions),
    async readStreams(streamIds) {
      const events: StoredEvent[] = [];
      for (const streamId of new Set(streamIds)) events.push(...(await wholeStream(connection, streamId)));
      return events;
    },
    subscribe: (subscribeOptions) => subscribe(connection, subscriptions, subscribeOptions),
    async ping() {
      await collect(connection, 'ping', () => client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
    },
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await withTimeout('close', timeoutMs, () => client.dispose());
    },
  };
}

/** Collects a bounded read, cancelling it if it outlives the timeout. */
function collect<E>({ timeoutMs }: EsdbConnection, operation: string, start: () => StreamingRead<E>): Promise<E[]> {
  let read: StreamingRead<E> | undefined;
  return withTimeout(
    operation,
    timeoutMs,
    async () => {
      read = start();
      const items: E[] = [];
      for await (const item of read) items.push(item);
      return items;
    },
    () => void read?.cancel().catch(() => undefined),
  );
}

async function append(
  { client, timeoutMs }: EsdbConnection,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  validateAppend(streamId, events, expected);
  try {
    const result = await withTimeout('append', timeoutMs, () =>
      client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: expected === 'no_stream' ? NO_STREAM : expected,
      }),
    );
    return { nextExpectedRevision: result.nextExpectedRevision };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      throw new ConcurrencyError(streamId, expected, error.actualVersion);
    }
    throw error;
  }
}

async function readStream(connection: EsdbConnection, streamId: string, readOptions?: ReadStreamOptions): Promise<readonly StoredEvent[]> {
  const from = fromRevision(readOptions);
  const maxCount = pageSize(readOptions?.maxCount);
  try {
    const resolved = await collect(connection, 'readStream', () =>
      connection.client.readStream(streamId, { fromRevision: from, maxCount, direction: FORWARDS }),
    );
    return resolved.flatMap((item) => (item.event ? [toStoredEvent(item.event)] : []));
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

const readPageOfAll = (connection: EsdbConnection, fromPosition: Position | undefined, maxCount: number) =>
  collect<AllStreamResolvedEvent>(connection, 'readAll', () =>
    connection.client.readAll({ fromPosition: fromPosition ?? ESDB_START, maxCount, direction: FORWARDS }),
  );

/**
 * The client cannot filter readAll on the server, so pages are filtered here. To keep "an empty
 * page means caught up" true, pages are read until one matching event or the end of $all.
 */
async function readAll(connection: EsdbConnection, readOptions?: ReadAllOptions): Promise<ReadAllPage> {
  const from = readOptions?.from ?? START;
  const maxCount = pageSize(readOptions?.maxCount);
  const prefixes = streamPrefixes(readOptions?.streamPrefixes);
  const wanted = (event: StoredEvent) => prefixes === undefined || prefixes.some((prefix) => event.streamId.startsWith(prefix));
  let position = decodePosition(from);
  const events: StoredEvent[] = [];
  for (;;) {
    // fromPosition is inclusive: read one more and drop the event the checkpoint points at.
    const page = await readPageOfAll(connection, position, position ? maxCount + 1 : maxCount);
    const fresh = page.filter(({ event }) => event && !(position && event.position && samePosition(event.position, position)));
    for (const { event } of fresh) {
      if (!event?.position) continue;
      position = event.position;
      if (isApplicationEvent(event) && wanted(toStoredEvent(event))) events.push(toStoredEvent(event));
      if (events.length === maxCount) break;
    }
    const reachedEnd = fresh.length < maxCount;
    if (events.length > 0 || reachedEnd) {
      return { events, next: events.at(-1)?.checkpoint ?? from };
    }
  }
}

/**
 * EventStoreDB keeps no index of stream ids the client can page by key: streams are listed in the
 * order they began, by walking $all for each stream's first event (its log is append-only, so no
 * stream lacks one). The cursor is the $all position reached.
 */
async function listStreams(connection: EsdbConnection, listOptions?: ListStreamsOptions): Promise<StreamIdsPage> {
  const from = listOptions?.after ?? START;
  const maxCount = pageSize(listOptions?.maxCount);
  let position = decodePosition(from);
  const streamIds: string[] = [];
  for (;;) {
    const page = await readPageOfAll(connection, position, position ? MAX_PAGE_SIZE + 1 : MAX_PAGE_SIZE);
    const fresh = page.filter(({ event }) => event?.position && !(position && samePosition(event.position, position)));
    for (const { event } of fresh) {
      position = event!.position!;
      if (isApplicationEvent(event!) && event!.revision === 0n) streamIds.push(event!.streamId);
      if (streamIds.length === maxCount) break;
    }
    if (streamIds.length === maxCount || fresh.length < MAX_PAGE_SIZE) {
      return { streamIds, next: position ? encodePosition(position) : from };
    }
  }
}

async function wholeStream(connection: EsdbConnection, streamId: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (;;) {
    const fromRevision = (events.at(-1)?.revision ?? -1n) + 1n;
    const page = await readStream(connection, streamId, { fromRevision, maxCount: MAX_PAGE_SIZE });
    events.push(...page);
    if (page.length < MAX_PAGE_SIZE) return events;
  }
}

/** Starts a subscription the store stops on close, unless it is stopped first. */
function subscribe(
  { client, timeoutMs }: EsdbConnection,
  subscriptions: Set<Subscription>,
  subscribeOptions: SubscribeOptions,
): Subscription {
  decodePosition(subscribeOptions.from ?? START); // refuse bad input now, not in the loop
  streamPrefixes(subscribeOptions.streamPrefixes);
  const subscription = startEsdbSubscription(client, subscribeOptions, timeoutMs);
  subscriptions.add(subscription);
  return {
    checkpoint: subscription.checkpoint,
    async stop() {
      subscriptions.delete(subscription);
      await subscription.stop();
    },
  };
}
