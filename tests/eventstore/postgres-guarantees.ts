import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore } from '../../eventstore/port.js';
import { createDatabase, createPostgresEventStore, type Database, type EventStoreTables } from '../../eventstore/postgres/index.js';
import { idsOf, newEvent, uniqueName } from './helpers/events.js';
import { createFreshPostgresDatabase } from './helpers/fresh-postgres.js';
import { collect, sleep, until } from './helpers/wait.js';

/**
 * Concurrency and crash behaviour prove nothing on PGlite's single connection: real Postgres only.
 * Runs in the same file as the contract, whose readers an append held open here would hold back.
 */
export function postgresGuarantees(connectionString: () => Promise<string>): void {
  describe('PostgreSQL guarantees', () => {
    let url: string;
    let database: Database<EventStoreTables>;
    let store: EventStore;
    const rawClients: pg.Client[] = [];

    const openDatabase = () => createDatabase<EventStoreTables>({ kind: 'postgres', connectionString: url, poolSize: 25 });

    /** A plain pg connection, to hold a transaction open across other appends. */
    async function rawClient(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined); // terminated on purpose in one test
      await client.connect();
      rawClients.push(client);
      return client;
    }

    const appendInside = (client: pg.Client, stream: string, expected: bigint, event: ReturnType<typeof newEvent>) =>
      client.query('select es_append($1, $2::bigint, ($3::text)::jsonb)', [stream, expected.toString(), JSON.stringify([event])]);

    beforeAll(async () => {
      url = await connectionString();
      database = await openDatabase();
      store = createPostgresEventStore({ database });
    });
    afterAll(async () => {
      await Promise.all(rawClients.map((client) => client.end().catch(() => undefined)));
      await store?.close();
      await database?.close();
    });

    it('answers 10 concurrent copies of one append alike and stores it once', async () => {
      const stream = uniqueName('copies');
      await store.append(stream, [newEvent()], 'no_stream');
      const batch = [newEvent(), newEvent()];
      const results = await Promise.all(Array.from({ length: 10 }, () => store.append(stream, batch, 0n)));
      expect(new Set(results.map((result) => result.nextExpectedRevision))).toEqual(new Set([2n]));
      expect(idsOf((await store.readStream(stream)).slice(1))).toEqual(idsOf(batch));
    });

    it('keeps a stream gapless under 20 writers that retry on conflict', async () => {
      const stream = uniqueName('busy');
      await store.append(stream, [newEvent()], 'no_stream');
      const writer = async (): Promise<void> => {
        for (let written = 0; written < 5;) {
          const last = (await store.readStream(stream, { fromRevision: 0n })).at(-1)?.revision ?? 0n;
          try {
            await store.append(stream, [newEvent()], last);
            written += 1;
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, writer));
      const revisions = (await store.readStream(stream)).map((event) => event.revision);
      expect(revisions).toEqual(Array.from({ length: 101 }, (_, index) => BigInt(index)));
    });

    it('delivers a transaction that commits after a later one, in (transaction id, position) order, once', async () => {
      const prefix = uniqueName('late');
      const opening = newEvent('Opening');
      const early = newEvent('Early');
      const later = newEvent('Later');
      await store.append(`${prefix}-warmup`, [newEvent('Warmup')], 'no_stream');
      const collector = collect(store, { streamPrefixes: [prefix] });
      try {
        await collector.waitForCount(1);

        const slow = await rawClient();
        await slow.query('begin');
        await appendInside(slow, `${prefix}-0`, -1n, opening); // takes its transaction id now: the older one
        await store.append(`${prefix}-b`, [later], 'no_stream'); // younger transaction, commits first
        await appendInside(slow, `${prefix}-a`, -1n, early); // inserted last: the higher position
        await sleep(600);
        expect(idsOf(collector.events.slice(1))).toEqual([]); // held back behind the open older append

        await slow.query('commit');
        await collector.waitForCount(4);
        await sleep(400);
        expect(idsOf(collector.events.slice(1))).toEqual([opening.id, early.id, later.id]);
        const [, , first, second] = collector.events;
        // The early event has the higher position but the older transaction, so it comes first.
        expect(BigInt(first?.checkpoint.split(':')[1] ?? 0)).toBeGreaterThan(BigInt(second?.checkpoint.split(':')[1] ?? 0));
      } finally {
        await collector.subscription.stop();
      }
    });

    it('is not held back by a long transaction in another database, or on another table of this one', async () => {
      const elsewhere = await createFreshPostgresDatabase(url);
      const prefix = uniqueName('unrelated');
      const collector = collect(store, { streamPrefixes: [prefix] });
      const otherDatabase = new pg.Client({ connectionString: elsewhere.connectionString });
      try {
        await otherDatabase.connect();
        await otherDatabase.query('create table busy (n integer)');
        await otherDatabase.query('begin');
        await otherDatabase.query('insert into busy values (1)'); // holds a transaction id, open
        const thisDatabase = await rawClient();
        await thisDatabase.query('create table if not exists unrelated_busy (n integer)');
        await thisDatabase.query('begin');
        await thisDatabase.query('insert into unrelated_busy values (1)');

        const event = newEvent();
        await store.append(`${prefix}-s`, [event], 'no_stream');
        await collector.waitForCount(1, 2_000);
        expect(idsOf(collector.events)).toEqual([event.id]);
        expect(idsOf((await store.readAll({ streamPrefixes: [prefix] })).events)).toEqual([event.id]);
        await thisDatabase.query('rollback');
      } finally {
        await collector.subscription.stop();
        await otherDatabase.end().catch(() => undefined);
        await elsewhere.drop();
      }
    });

    it('refuses an append after another write of the same transaction, so readers cannot pass it', async () => {
      const client = await rawClient();
      await client.query('create table if not exists unrelated_first (n integer)');
      await client.query('begin');
      await client.query('insert into unrelated_first values (1)');
      await expect(appendInside(client, uniqueName('second-write'), -1n, newEvent())).rejects.toMatchObject({ code: 'ESI01' });
      await client.query('rollback');
    });

    it('re-LISTENs after the listening connection is killed', async () => {
      const reader = createPostgresEventStore({ database, pollIntervalMs: 30_000 });
      const prefix = uniqueName('relisten');
      const collector = collect(reader, { streamPrefixes: [prefix] });
      try {
        const admin = await rawClient();
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
            )
          ).rows;
        await until(async () => (await listeners()).length === 1, 5_000, 'the listener');
        const [killed] = await listeners();
        await admin.query('select pg_terminate_backend($1)', [killed?.pid]);
        await until(async () => (await listeners()).some(({ pid }) => pid !== killed?.pid), 5_000, 'a new listener');

        // Written by another store (no in-process wake-up): only a NOTIFY can wake the reader.
        const writerDatabase = await openDatabase();
        const writer = createPostgresEventStore({ database: writerDatabase, ownsDatabase: true });
        await writer.append(`${prefix}-s`, [newEvent()], 'no_stream');
        await collector.waitForCount(1, 2_000);
        await writer.close();
      } finally {
        await collector.subscription.stop();
        await reader.close();
      }
    });

    it('loses nothing committed when a connection dies between two appends', async () => {
      const stream = uniqueName('crash');
      const committed = newEvent('Committed');
      await store.append(stream, [committed], 'no_stream');

      const dying = await rawClient();
      const { rows } = await dying.query<{ pid: number }>('select pg_backend_pid() as pid');
      await dying.query('begin');
      await appendInside(dying, stream, 0n, newEvent('NeverCommitted'));
      await store.ping();
      const admin = await rawClient();
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);

      const restarted = await openDatabase();
      const afterCrash = createPostgresEventStore({ database: restarted, ownsDatabase: true });
      try {
        const events = await afterCrash.readStream(stream);
        expect(idsOf(events)).toEqual([committed.id]);
        expect(events[0]).toMatchObject({ type: 'Committed', revision: 0n });
        expect(await afterCrash.append(stream, [newEvent('Next')], 0n)).toEqual({ nextExpectedRevision: 1n });
      } finally {
        await afterCrash.close();
      }
    });
  });
}
