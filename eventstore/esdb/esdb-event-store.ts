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
  NewEvent,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from '../port.js';
import { ConcurrencyError, START } from '../port.js';
import { fromRevision, pageSize, streamPrefixes, validateAppend } from '../shared/validation.js';
import { decodePosition, samePosition } from './checkpoint.js';
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

/** The event store on EventStoreDB (gRPC client 6). */
export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const subscriptions = new Set<Subscription>();

  /** Collects a bounded read, cancelling it if it outlives the timeout. */
  function collect<E>(operation: string, start: () => StreamingRead<E>): Promise<E[]> {
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

  async function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
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

  async function readStream(streamId: string, readOptions?: ReadStreamOptions): Promise<readonly StoredEvent[]> {
    const from = fromRevision(readOptions);
    const maxCount = pageSize(readOptions?.maxCount);
    try {
      const resolved = await collect('readStream', () =>
        client.readStream(streamId, { fromRevision: from, maxCount, direction: FORWARDS }),
      );
      return resolved.flatMap((item) => (item.event ? [toStoredEvent(item.event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  const readPageOfAll = (fromPosition: Position | undefined, maxCount: number) =>
    collect<AllStreamResolvedEvent>('readAll', () =>
      client.readAll({ fromPosition: fromPosition ?? ESDB_START, maxCount, direction: FORWARDS }),
    );

  /**
   * The client cannot filter readAll on the server, so pages are filtered here. To keep "an empty
   * page means caught up" true, pages are read until one matching event or the end of $all.
   */
  async function readAll(readOptions?: ReadAllOptions): Promise<ReadAllPage> {
    const from = readOptions?.from ?? START;
    const maxCount = pageSize(readOptions?.maxCount);
    const prefixes = streamPrefixes(readOptions?.streamPrefixes);
    const wanted = (event: StoredEvent) => prefixes === undefined || prefixes.some((prefix) => event.streamId.startsWith(prefix));
    let position = decodePosition(from);
    const events: StoredEvent[] = [];
    for (;;) {
      // fromPosition is inclusive: read one more and drop the event the checkpoint points at.
      const page = await readPageOfAll(position, position ? maxCount + 1 : maxCount);
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

  function subscribe(subscribeOptions: SubscribeOptions): Subscription {
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

  return {
    append,
    readStream,
    readAll,
    subscribe,
    async ping() {
      await collect('ping', () => client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
    },
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await withTimeout('close', timeoutMs, () => client.dispose());
    },
  };
}
