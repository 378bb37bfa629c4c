import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';
import { EUR_RESOURCE, fillDetails } from './support/fixtures.js';
import { startTestApp, type TestApp, type TestUser } from './support/test-app.js';

/**
 * A long write transaction elsewhere on the cluster (another database, or another table of this
 * one) must not hold the projections back: before, every command then waited 5 s and answered
 * 503 although it was stored, and a client's retry created a second order. Real PostgreSQL only:
 * PGlite has one connection and no other database.
 */
describe.skipIf(!TEST_DATABASE_URL)(
  `long transactions elsewhere${TEST_DATABASE_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    let t: TestApp;
    let payer: TestUser;
    let elsewhere: FreshPostgresDatabase;
    const clients: pg.Client[] = [];

    async function openTransaction(connectionString: string, table: string): Promise<pg.Client> {
      const client = new pg.Client({ connectionString });
      await client.connect();
      clients.push(client);
      await client.query(`create table if not exists ${table} (n integer)`);
      await client.query('begin');
      await client.query(`insert into ${table} values (1)`); // holds a transaction id until rollback
      return client;
    }

    beforeAll(async () => {
      t = await startTestApp('postgres');
      payer = await t.createUser();
      elsewhere = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    });
    afterAll(async () => {
      for (const client of clients) await client.end().catch(() => undefined);
      await t?.close();
      await elsewhere?.drop();
    });

    it('answers every command at once, with its result readable, and doubles nothing', async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db);
      const sameDatabase = new URL(TEST_DATABASE_URL!);
      sameDatabase.pathname = `/${rows[0]!.name}`;
      const inOtherDatabase = await openTransaction(elsewhere.connectionString, 'busy_elsewhere');
      const onOtherTable = await openTransaction(sameDatabase.toString(), 'busy_here');

      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.post('/api/v1/step/amount/create', { resource: EUR_RESOURCE, amount: '5000', from: 'test' }, payer.token),
        ),
      );
      const ids = answers.map((answer) => (answer.json() as { data: { id: string } }).data.id);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      for (const id of ids.slice(0, 3)) await fillDetails(t, payer, id);
      expect(performance.now() - started).toBeLessThan(4_000);

      const listed = await t.post('/api/v1/step/order/findOrders', {}, payer.token);
      expect((listed.json() as { data: { id: string }[] }).data.map((order) => order.id).sort()).toEqual([...ids].sort());
      const created = await sql<{ n: string }>`select count(*) as n from es_events where event_type = 'OrderCreated'`.execute(t.deps.db);
      expect(created.rows[0]!.n).toBe('12');

      await inOtherDatabase.query('rollback');
      await onOtherTable.query('rollback');
    });
  },
);
