import type { AppendResult, EventStore, ExpectedRevision, NewEvent, StoredEvent } from '../port.js';
import { projectsInAppend, type PostgresEventStore, type StreamAppend } from '../postgres/port.js';
import type { EventStoreTables } from '../postgres/schema.js';
import { GENESIS_HASH, chainEvents, storedHash } from './event-hash.js';

/** Hashes of recently seen stream heads; an entry (stream, revision) never goes stale. */
const CACHE_SIZE = 10_000;

/** The events at the expected revisions of these appends' streams that `isKnown` lacks, read in one go. */
function unknownHeads<DB extends EventStoreTables>(
  store: PostgresEventStore<DB>,
  appends: readonly StreamAppend[],
  isKnown: (streamId: string, revision: bigint) => boolean,
): Promise<readonly StoredEvent[]> {
  return store.readEventsAt(
    appends.flatMap(({ streamId, expected }) =>
      expected === 'no_stream' || isKnown(streamId, expected) ? [] : [{ streamId, revision: expected }],
    ),
  );
}

/**
 * Wraps any adapter so every appended event carries its chained hash (DESIGN.md section 8). The
 * previous hash is the stored hash of the event at the expected revision: usually known from the
 * read that decided the command (remembered here), otherwise read once. A stream that holds only
 * events from before the chain starts its chain from the genesis hash. The PostgreSQL extension
 * stays offered when the adapter offers it.
 */
export function withHashChain<DB extends EventStoreTables>(store: PostgresEventStore<DB>): PostgresEventStore<DB>;
export function withHashChain<DB extends EventStoreTables>(store: EventStore | PostgresEventStore<DB>): EventStore | PostgresEventStore<DB>;
export function withHashChain<DB extends EventStoreTables>(
  store: EventStore | PostgresEventStore<DB>,
): EventStore | PostgresEventStore<DB> {
  const known = new Map<string, string>();
  const keyOf = (streamId: string, revision: bigint) => `${revision}@${streamId}`;
  const remember = (streamId: string, revision: bigint, hash: string | null) => {
    if (hash === null) return;
    const key = keyOf(streamId, revision);
    known.delete(key);
    known.set(key, hash);
    if (known.size > CACHE_SIZE) known.delete(known.keys().next().value!);
  };

  async function previousHash(streamId: string, expected: ExpectedRevision): Promise<string> {
    if (expected === 'no_stream') return GENESIS_HASH;
    const cached = known.get(keyOf(streamId, expected));
    if (cached) return cached;
    const [head] = await store.readStream(streamId, { fromRevision: expected, maxCount: 1 });
    // No event there: the append will be refused as a conflict, whatever hash it carries.
    return (head && storedHash(head.metadata)) ?? GENESIS_HASH;
  }

  const rememberLast = (events: readonly StoredEvent[]) => {
    const last = events.at(-1);
    if (last) remember(last.streamId, last.revision, storedHash(last.metadata));
  };

  /** Stamps the hashes, appends through `write`, and remembers the new head. */
  async function chained<R extends AppendResult>(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    write: (events: readonly NewEvent[]) => Promise<R>,
  ): Promise<R> {
    const first = expected === 'no_stream' ? 0n : expected + 1n;
    const stamped = chainEvents(streamId, first, events, await previousHash(streamId, expected));
    const result = await write(stamped.events);
    if (result.nextExpectedRevision === first + BigInt(events.length) - 1n)
      remember(streamId, result.nextExpectedRevision, stamped.lastHash);
    return result;
  }

  const chainedStore: EventStore = {
    append: (streamId, events, expected) => chained(streamId, events, expected, (stamped) => store.append(streamId, stamped, expected)),
    async readStream(streamId, options) {
      const events = await store.readStream(streamId, options);
      rememberLast(events);
      return events;
    },
    readAll: (options) => store.readAll(options),
    listStreams: (options) => store.listStreams(options),
    readStreams: (streamIds) => store.readStreams(streamIds),
    subscribe: (options) => store.subscribe(options),
    ping: () => store.ping(),
    close: () => store.close(),
  };
  if (!projectsInAppend(store)) return chainedStore;
  return {
    ...chainedStore,
    appendAndProject: (streamId, events, expected, project) =>
      chained(streamId, events, expected, (stamped) => store.appendAndProject(streamId, stamped, expected, project)),
    appendAndProjectInStatement: (streamId, events, expected, projection) =>
      chained(streamId, events, expected, (stamped) => store.appendAndProjectInStatement(streamId, stamped, expected, projection)),
    async appendStreamsAndProject(appends, project) {
      const isKnown = (streamId: string, revision: bigint) => known.has(keyOf(streamId, revision));
      for (const head of await unknownHeads(store, appends, isKnown)) remember(head.streamId, head.revision, storedHash(head.metadata));
      const stamped = await Promise.all(
        appends.map(async ({ streamId, events, expected }) => {
          const first = expected === 'no_stream' ? 0n : expected + 1n;
          return { first, stamped: chainEvents(streamId, first, events, await previousHash(streamId, expected)) };
        }),
      );
      const revisions = await store.appendStreamsAndProject(
        appends.map((append, index) => ({ ...append, events: stamped[index]!.stamped.events })),
        project,
      );
      appends.forEach(({ streamId, events }, index) => {
        const { first, stamped: chain } = stamped[index]!;
        if (revisions[index] === first + BigInt(events.length) - 1n) remember(streamId, revisions[index], chain.lastHash);
      });
      return revisions;
    },
    readEventsAt: (positions) => store.readEventsAt(positions),
  };
}
