import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/database/schema.js';
import { createDatabase, createPostgresEventStore, type Database } from '../../eventstore/postgres/index.js';
import { TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { appendOrderCreatedOutside } from './support/outside-append.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The connections of the server's main pool (the runtime's default). */
const MAIN_POOL_SIZE = 10;

/**
 * On PostgreSQL the projector reads the log and writes through connections of its own: a server
 * whose pool is taken by slow requests still makes another process's append readable at once.
 */
describe.skipIf(!TEST_DATABASE_URL)('the projector under a busy pool, on postgres', () => {
  let t: TestApp;
  let other: Database<DB>;
  let probe: pg.Client;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${(await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db)).rows[0]!.name}`;
    other = await createDatabase<DB>({ kind: 'postgres', connectionString: url.toString(), poolSize: 1 });
    probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
  });
  afterAll(async () => {
    await probe?.end();
    await other?.close();
    await t?.close();
  });

  it("projects another process's append while every connection of the main pool is held", async () => {
    const held = Promise.all(Array.from({ length: MAIN_POOL_SIZE }, () => sql`select pg_sleep(1.5)`.execute(t.deps.db)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const id = 'busy-pool-order';
    const started = Date.now();
    await appendOrderCreatedOutside(createPostgresEventStore({ database: other }), id, 'test');
    while ((await probe.query('select 1 from orders where id = $1', [id])).rowCount === 0 && Date.now() - started < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const visibleAfter = Date.now() - started;
    await held;
    // The held connections are free after a second and a half; the row must not have waited for them.
    expect(visibleAfter).toBeLessThan(1_000);
  });
});
