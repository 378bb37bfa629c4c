import fc from 'fast-check';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainWalker, withHashChain } from '../../eventstore/chain/index.js';
import { ConcurrencyError, EventStoreInputError, START } from '../../eventstore/port.js';
import { unchainedStreamsQuery } from '../../eventstore/postgres/chain-backfill.js';
import { decodeCheckpoint, encodeCheckpoint } from '../../eventstore/postgres/checkpoint.js';
import {
  createPostgresEventStore,
  migrateEventStoreDown,
  migrateEventStoreToLatest,
  type Database,
  type EventStoreTables,
} from '../../eventstore/postgres/index.js';
import { idsOf, newEvent, uniqueName } from './helpers/events.js';
import { inlinedSql } from './helpers/inlined-sql.js';
import { collect } from './helpers/wait.js';

/** Opens a new Database object over the suite's (already migrated) database. */
export type OpenDatabase = () => Promise<Database<EventStoreTables>>;

/** What only the PostgreSQL adapter promises, run on PGlite and on real Postgres alike. */
export function postgresAdapterSuite(name: string, openDatabase: OpenDatabase): void {
  describe(`postgres adapter: ${name}`, () => {
    let database: Database<EventStoreTables>;
    beforeAll(async () => {
      database = await openDatabase();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('wakes a subscriber of another store instance through NOTIFY, not polling', async () => {
      const other = await openDatabase();
      const writer = createPostgresEventStore({ database: other, ownsDatabase: true });
      const reader = createPostgresEventStore({ database, pollIntervalMs: 30_000 });
      const prefix = uniqueName('notify');
      const collector = collect(reader, { streamPrefixes: [prefix] });
      try {
        await collector.waitForCount(0);
        // Let the subscription finish its first read and LISTEN before writing.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const writing = performance.now();
        await writer.append(`${prefix}-s`, [newEvent()], 'no_stream');
        await collector.waitForCount(1, 2_000);
        const latency = (collector.deliveredAt[0] ?? Infinity) - writing;
        console.info(`[${name}] NOTIFY wake-up latency: ${latency.toFixed(1)} ms`);
        expect(latency).toBeLessThan(200);
      } finally {
        await collector.subscription.stop();
        await reader.close();
        await writer.close();
      }
    });

    it('returns int8 as text and keeps revisions past 2^53 exact', async () => {
      const { rows } = await sql<{ big: unknown }>`select 9007199254740993::int8 as big`.execute(database.db);
      expect(rows[0]?.big).toBe('9007199254740993');

      const store = createPostgresEventStore({ database });
      const stream = uniqueName('huge');
      await store.append(stream, [newEvent()], 'no_stream');
      const high = 2n ** 60n;
      await sql`update es_streams set revision = ${high.toString()}::bigint where stream_id = ${stream}`.execute(database.db);
      expect(await store.append(stream, [newEvent()], high)).toEqual({ nextExpectedRevision: high + 1n });
      const [event] = await store.readStream(stream, { fromRevision: high });
      expect(event?.revision).toBe(high + 1n);
      await store.close();
    });

    it('answers a retry sent with the current revision as expected, and refuses a partial one', async () => {
      const store = createPostgresEventStore({ database });
      const stream = uniqueName('retry');
      const batch = [newEvent(), newEvent()];
      await store.append(stream, batch, 'no_stream');
      // The revision check passes here, so the retry is recognised from the unique event ids.
      expect(await store.append(stream, batch, 1n)).toEqual({ nextExpectedRevision: 1n });
      await expect(store.append(stream, [batch[1] ?? newEvent(), newEvent()], 1n)).rejects.toBeInstanceOf(EventStoreInputError);
      expect(idsOf(await store.readStream(stream))).toEqual(idsOf(batch));
      await store.close();
    });

    it('takes several appends in one transaction, and refuses one after another write of it', async () => {
      const store = createPostgresEventStore({ database });
      const prefix = uniqueName('in-transaction');
      const append = (db: typeof database.db, stream: string) =>
        sql`select es_append(${stream}, -1::bigint, (${JSON.stringify([newEvent()])}::text)::jsonb)`.execute(db);
      await database.db.transaction().execute(async (trx) => {
        await append(trx, `${prefix}-a`);
        await append(trx, `${prefix}-b`);
      });
      expect((await store.readAll({ streamPrefixes: [prefix] })).events.map((event) => event.streamId)).toEqual([
        `${prefix}-a`,
        `${prefix}-b`,
      ]);
      await sql`create table if not exists written_first (n integer)`.execute(database.db);
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into written_first values (1)`.execute(trx);
          await append(trx, `${prefix}-c`);
        }),
      ).rejects.toMatchObject({ code: 'ESI01' });
      expect(await store.readStream(`${prefix}-c`)).toEqual([]);
      await store.close();
    });

    it('appends to many streams and projects in one transaction, all or nothing, hash-chained; reads many heads at once', async () => {
      const store = withHashChain(createPostgresEventStore({ database }));
      const prefix = uniqueName('many');
      const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
      await store.append(a, [newEvent()], 'no_stream');
      await store.append(b, [newEvent(), newEvent()], 'no_stream');
      await sql`create table if not exists projected_streams (stream_id text, revision bigint)`.execute(database.db);
      const project = async (trx: typeof database.db, revisions: readonly bigint[]) => {
        const rows = revisions.map((revision, index) => ({ stream_id: [a, b, c][index]!, revision: revision.toString() }));
        await sql`insert into projected_streams select * from jsonb_populate_recordset(null::projected_streams, (${JSON.stringify(rows)}::text)::jsonb)`.execute(
          trx,
        );
      };
      // A fresh decorator has remembered no head: it reads them (readEventsAt) to chain on.
      const fresh = withHashChain(createPostgresEventStore({ database }));
      const appends = [
        { streamId: a, events: [newEvent()], expected: 0n },
        { streamId: b, events: [newEvent(), newEvent()], expected: 1n },
        { streamId: c, events: [newEvent()], expected: 'no_stream' as const },
      ];
      expect(await fresh.appendStreamsAndProject(appends, project)).toEqual([1n, 3n, 0n]);
      const projected = await sql<{
        stream_id: string;
      }>`select stream_id from projected_streams where stream_id like ${`${prefix}%`}`.execute(database.db);
      expect(projected.rows).toHaveLength(3);
      // One stream moved on: nothing of the batch is written, its projection neither.
      const stale = [
        { streamId: a, events: [newEvent()], expected: 1n },
        { streamId: b, events: [newEvent()], expected: 2n },
      ];
      await expect(store.appendStreamsAndProject(stale, project)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.appendStreamsAndProject([...appends.slice(0, 1), ...appends.slice(0, 1)], project)).rejects.toBeInstanceOf(
        EventStoreInputError,
      );
      expect((await store.readStream(a)).map((event) => event.revision)).toEqual([0n, 1n]);
      expect((await store.readStream(b)).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
      const heads = await store.readEventsAt([
        { streamId: a, revision: 1n },
        { streamId: b, revision: 3n },
        { streamId: c, revision: 5n },
      ]);
      expect(heads.map((event) => `${event.streamId}@${event.revision}`).sort()).toEqual([`${a}@1`, `${b}@3`]);
      for (const stream of [a, b, c]) {
        const walker = new ChainWalker();
        for (const event of await store.readStream(stream)) walker.feed(event);
        expect(walker.problems).toEqual([]);
        expect(walker.unchained).toBe(0);
      }
      await fresh.close();
      await store.close();
    });

    it('a multi-stream append writes the log in the order of its streams and events, and a retry writes nothing twice', async () => {
      const store = createPostgresEventStore({ database });
      const prefix = uniqueName('set-wise');
      const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
      await store.append(b, [newEvent()], 'no_stream');
      const appends = [
        { streamId: c, events: [newEvent(), newEvent()], expected: 'no_stream' as const },
        { streamId: b, events: [newEvent(), newEvent(), newEvent()], expected: 0n },
        { streamId: a, events: [newEvent()], expected: 'no_stream' as const },
      ];
      const noProjection = async () => {};
      expect(await store.appendStreamsAndProject(appends, noProjection)).toEqual([1n, 3n, 0n]);
      const log = (await store.readAll({ from: START, streamPrefixes: [prefix] })).events;
      const written = appends.flatMap(({ streamId, events }) => events.map((event) => `${streamId}:${event.id}`));
      expect(log.slice(1).map((event) => `${event.streamId}:${event.id}`)).toEqual(written);
      expect(log.slice(1).map((event) => event.revision)).toEqual([0n, 1n, 1n, 2n, 3n, 0n]);
      // The same batch again (a retry after a lost answer): the stored revisions, no event twice.
      expect(await store.appendStreamsAndProject(appends, noProjection)).toEqual([1n, 3n, 0n]);
      // One stream of a retried batch taking new events: its events written, the others answered as stored.
      const next = { streamId: a, events: [newEvent()], expected: 0n };
      expect(await store.appendStreamsAndProject([appends[0]!, next], noProjection)).toEqual([1n, 1n]);
      expect((await store.readAll({ from: START, streamPrefixes: [prefix] })).events).toHaveLength(log.length + 1);
      await store.close();
    });

    it('a multi-stream append refused names the first stale stream in its order and its actual revision', async () => {
      const store = createPostgresEventStore({ database });
      const prefix = uniqueName('set-wise-stale');
      const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
      await store.append(a, [newEvent()], 'no_stream');
      await store.append(b, [newEvent(), newEvent()], 'no_stream');
      const refusal = store
        .appendStreamsAndProject(
          [
            { streamId: c, events: [newEvent()], expected: 'no_stream' },
            { streamId: b, events: [newEvent()], expected: 0n },
            { streamId: a, events: [newEvent()], expected: 'no_stream' },
          ],
          async () => {},
        )
        .catch((error: unknown) => error);
      expect(await refusal).toMatchObject({ name: 'ConcurrencyError', streamId: b, expected: 0n, actual: 1n });
      expect(await store.readStream(c)).toEqual([]);
      expect((await store.readStream(b)).map((event) => event.revision)).toEqual([0n, 1n]);
      await expect(store.appendStreamsAndProject([{ streamId: a, events: [], expected: 0n }], async () => {})).rejects.toBeInstanceOf(
        EventStoreInputError,
      );
      await store.close();
    });

    it('refuses a checkpoint it did not issue', async () => {
      const store = createPostgresEventStore({ database });
      await expect(store.readAll({ from: 'not-a-checkpoint' })).rejects.toBeInstanceOf(EventStoreInputError);
      expect(() => store.subscribe({ from: '12', onEvent: () => undefined })).toThrow(EventStoreInputError);
      await store.close();
    });

    it('finds the streams with unchained events in their own index, not by reading the whole log', async () => {
      const prefix = uniqueName('unchained');
      const rolledBack = new Error('rolled back: the rows were only for the plan');
      const found = database.db.transaction().execute(async (trx) => {
        // A log of chained events with one unchained event in it, as after a pre-chain import.
        await sql`
          insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
          select ${prefix} || (i / 10), i % 10, gen_random_uuid(), 'Chained', '{}',
                 case when i = 4321 then '{}'::jsonb else jsonb_build_object('hash', md5(i::text)) end
            from generate_series(0, 9999) as i`.execute(trx);
        await sql`analyze es_events`.execute(trx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inlinedSql(unchainedStreamsQuery(trx).compile()))}`.execute(trx);
        const unchained = await unchainedStreamsQuery(trx).where('stream_id', 'like', `${prefix}%`).execute();
        throw Object.assign(rolledBack, { plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n'), unchained });
      });
      const outcome = await found.catch((error: unknown) => error);
      expect(outcome).toBe(rolledBack);
      const { plan, unchained } = outcome as { plan: string; unchained: unknown };
      expect(unchained).toEqual([{ stream_id: `${prefix}432` }]);
      expect(plan).toContain('es_events_unchained');
      expect(plan).not.toMatch(/Seq Scan on es_events/);
    });

    it('encodes checkpoints losslessly for any xid8 and position', () => {
      const anyPosition = fc.record({
        transactionId: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
        position: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
      });
      fc.assert(
        fc.property(anyPosition, (position) => {
          const json = JSON.stringify(encodeCheckpoint(position));
          expect(decodeCheckpoint(JSON.parse(json) as string)).toEqual(position);
        }),
      );
      expect(decodeCheckpoint(START)).toEqual({ transactionId: 0n, position: 0n });
    });
  });
}

/** Runs last in a file: takes the schema down and up again on the shared database. */
export function migrationRoundTrip(openDatabase: OpenDatabase): void {
  describe('event-store migrations', () => {
    it('go down (dropping tables and functions) and up again', async () => {
      const database = await openDatabase();
      try {
        const objects = async () => {
          const { rows } = await sql<{ name: string }>`
            select tablename as name from pg_tables where tablename in ('es_events', 'es_streams')
            union all
            select proname from pg_proc where proname in ('es_append', 'es_already_appended', 'es_read_horizon')
          `.execute(database.db);
          return rows.map((row) => row.name).sort();
        };
        expect(await objects()).toEqual(['es_already_appended', 'es_append', 'es_events', 'es_read_horizon', 'es_streams']);
        await migrateEventStoreDown(database.db);
        expect(await objects()).toEqual([]);
        await migrateEventStoreToLatest(database.db);
        expect(await objects()).toEqual(['es_already_appended', 'es_append', 'es_events', 'es_read_horizon', 'es_streams']);
        const store = createPostgresEventStore({ database });
        await expect(store.append(uniqueName('after-migration'), [newEvent()], 'no_stream')).resolves.toEqual({
          nextExpectedRevision: 0n,
        });
        await store.close();
      } finally {
        await database.close();
      }
    });
  });
}
