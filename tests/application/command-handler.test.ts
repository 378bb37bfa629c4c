import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, StoredEvent } from '../../eventstore/port.js';
import {
  createDatabase,
  createPostgresEventStore,
  migrateEventStoreToLatest,
  type EventStoreTables,
} from '../../eventstore/postgres/index.js';
import { handleCommand, loadStream, type AppendStrategy, type Decider } from '../../src/application/command-handler.js';
import { defaultRetryPolicy, type RetryPolicy } from '../../src/application/retry-policy.js';
import { TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { migratedEventStoreDatabase } from '../eventstore/helpers/migrated-postgres.js';

/** A counter that may not go below zero: the smallest decider with a refusal and a state that matters. */
type CounterEvent = { readonly type: 'Added' | 'Taken'; readonly amount: number };
type CounterCommand = { readonly type: 'add' | 'take'; readonly amount: number };

class NotEnough extends Error {}

const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: () => 0,
  toEvent: (stored) => ({ type: stored.type as CounterEvent['type'], amount: Number(stored.data['amount']) }),
  evolve: (total, event) => (event.type === 'Added' ? total + event.amount : total - event.amount),
  decide: (total, command) => {
    if (command.amount === 0) return { events: [], state: total };
    if (command.type === 'take' && command.amount > total) throw new NotEnough();
    const event: CounterEvent = { type: command.type === 'add' ? 'Added' : 'Taken', amount: command.amount };
    return { events: [event], state: counter.evolve(total, event) };
  },
};

const stored = (event: CounterEvent): NewEvent => ({ id: randomUUID(), type: event.type, data: { amount: event.amount }, metadata: {} });
const plainAppend =
  (store: EventStore): AppendStrategy<number, CounterEvent> =>
  async ({ streamId, events, expected }) => {
    await store.append(streamId, events.map(stored), expected);
  };
const noPause: RetryPolicy = { ...defaultRetryPolicy, sleep: async () => {} };
const typesOf = (events: readonly StoredEvent[]) => events.map((event) => `${event.type} ${JSON.stringify(event.data['amount'])}`);

function handlerSuite(name: string, openStore: () => Promise<EventStore>) {
  describe(`the command handler (${name})`, () => {
    /** A fresh counter stream in a store, holding `added` when given. */
    const counterStream = async (added?: number) => {
      const store = await openStore();
      const stream = `counter-${randomUUID()}`;
      if (added !== undefined) await store.append(stream, [stored({ type: 'Added', amount: added })], 'no_stream');
      return { store, stream };
    };

    it('given events, when a command, then its events are appended after them', async () => {
      const { store, stream } = await counterStream(5);
      const decided = await handleCommand(
        store,
        counter,
        stream,
        { type: 'take', amount: 3 },
        { append: plainAppend(store), retry: noPause },
      );
      expect(decided.state).toBe(2);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 5', 'Taken 3']);
    });

    it('throws a refusal and writes nothing', async () => {
      const { store, stream } = await counterStream(1);
      await expect(
        handleCommand(store, counter, stream, { type: 'take', amount: 2 }, { append: plainAppend(store) }),
      ).rejects.toBeInstanceOf(NotEnough);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 1']);
    });

    it('appends nothing for a command that changes nothing', async () => {
      const { store, stream } = await counterStream();
      const decided = await handleCommand(store, counter, stream, { type: 'add', amount: 0 }, { append: plainAppend(store) });
      expect(decided.events).toEqual([]);
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('decides again on the new state when a concurrent writer got there first', async () => {
      const { store, stream } = await counterStream(5);
      let tries = 0;
      const racing: AppendStrategy<number, CounterEvent> = async (append) => {
        tries += 1;
        // The other writer takes 4 between this command's read and its append, once.
        if (tries === 1) await store.append(stream, [stored({ type: 'Taken', amount: 4 })], 0n);
        await plainAppend(store)(append);
      };
      await expect(
        handleCommand(store, counter, stream, { type: 'take', amount: 3 }, { append: racing, retry: noPause }),
      ).rejects.toBeInstanceOf(NotEnough);
      expect(tries).toBe(1);
      const decided = await handleCommand(store, counter, stream, { type: 'take', amount: 1 }, { append: racing, retry: noPause });
      expect(decided.state).toBe(0);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 5', 'Taken 4', 'Taken 1']);
    });

    it('retries with pauses from its policy and gives up with the ConcurrencyError', async () => {
      const { store, stream } = await counterStream();
      const pauses: number[] = [];
      const policy: RetryPolicy = { ...defaultRetryPolicy, attempts: 3, sleep: async (ms) => void pauses.push(ms) };
      // Another writer adds one before every append of this command.
      const alwaysLate: AppendStrategy<number, CounterEvent> = async (append) => {
        await store.append(stream, [stored({ type: 'Added', amount: 1 })], (await loadStream(store, counter, stream)).expected);
        await plainAppend(store)(append);
      };
      const failing = handleCommand(store, counter, stream, { type: 'add', amount: 10 }, { append: alwaysLate, retry: policy });
      await expect(failing).rejects.toMatchObject({ name: 'ConcurrencyError' });
      expect(pauses).toHaveLength(2);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 1', 'Added 1', 'Added 1']);
    });

    it('decides first on an assumed state, and asks the stream when that state refuses', async () => {
      const { store, stream } = await counterStream(5);
      // A read row still showing the stream empty: it would refuse the take; the stream does not.
      const assumed = { state: 0, expected: 'no_stream' as const };
      const decided = await handleCommand(store, counter, stream, { type: 'take', amount: 2 }, { append: plainAppend(store), assumed });
      expect(decided.state).toBe(3);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 5', 'Taken 2']);
    });

    it('retries on the stream when an assumed state is behind it', async () => {
      const { store, stream } = await counterStream(5);
      const assumed = { state: 0, expected: 'no_stream' as const };
      const decided = await handleCommand(
        store,
        counter,
        stream,
        { type: 'add', amount: 1 },
        { append: plainAppend(store), assumed, retry: noPause },
      );
      expect(decided.state).toBe(6);
      expect(typesOf(await store.readStream(stream))).toEqual(['Added 5', 'Added 1']);
    });
  });
}

let pglite: Promise<PGlite> | undefined;
async function pgliteStore(): Promise<EventStore> {
  pglite ??= (async () => {
    const instance = await PGlite.create('memory://');
    const database = await createDatabase({ kind: 'pglite-instance', pglite: instance });
    await migrateEventStoreToLatest(database.db);
    return instance;
  })();
  return createPostgresEventStore({
    database: await createDatabase<EventStoreTables>({ kind: 'pglite-instance', pglite: await pglite }),
    ownsDatabase: true,
  });
}

const fresh = migratedEventStoreDatabase();
async function postgresStore(): Promise<EventStore> {
  const database = await createDatabase<EventStoreTables>({ kind: 'postgres', connectionString: await fresh.connectionString() });
  return createPostgresEventStore({ database, ownsDatabase: true });
}

const opened: EventStore[] = [];
const tracked = (open: () => Promise<EventStore>) => async () => {
  const store = await open();
  opened.push(store);
  return store;
};

afterAll(async () => {
  for (const store of opened) await store.close();
  await (await pglite)?.close();
  await fresh.drop();
});

handlerSuite('PGlite', tracked(pgliteStore));
if (TEST_DATABASE_URL) handlerSuite('PostgreSQL', tracked(postgresStore));
