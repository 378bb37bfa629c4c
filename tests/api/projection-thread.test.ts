import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../src/database/schema.js';
import { createDatabase, createPostgresEventStore, type Database } from '../../eventstore/postgres/index.js';
import { createProjectionThread } from '../../src/api/threads/projection-thread.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { appendOrderCreatedOutside } from './support/outside-append.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Whether the order's row is there, asked through psql: a query that gives the event loop no turn. */
const rowSeenBlocking = (url: string, id: string): boolean =>
  execFileSync('psql', [url, '-tAc', `select count(*) from orders where id = '${id}'`], { encoding: 'utf8' }).trim() === '1';

/**
 * On PostgreSQL `npm start` runs the projector on a thread of its own: another process's append
 * becomes readable while the main thread is busy, and commands that wait for their rows are told
 * by the thread.
 */
describe.skipIf(!TEST_DATABASE_URL)('the projector on a thread of its own, on postgres', () => {
  let t: TestApp;
  let other: Database<DB>;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp('postgres', { backgroundThreads: true });
    const server = new URL(TEST_DATABASE_URL!);
    server.pathname = `/${(await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db)).rows[0]!.name}`;
    url = server.toString();
    other = await createDatabase<DB>({ kind: 'postgres', connectionString: url, poolSize: 1 });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("makes another process's append readable while the main thread never gives its event loop a turn", async () => {
    const id = 'busy-thread-order';
    await appendOrderCreatedOutside(createPostgresEventStore({ database: other }), id, 'test');
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 10_000) seen = rowSeenBlocking(url, id);
    expect(seen).toBe(true);
  });

  it('waits for a row another process appended, told by the thread', async () => {
    const id = 'waited-order';
    const waited = t.deps.projections.waitFor(id, 0n, 5_000);
    await appendOrderCreatedOutside(createPostgresEventStore({ database: other }), id, 'test');
    await expect(waited).resolves.toBeUndefined();
    expect(t.deps.projections.problem()).toBeNull();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the projector thread, when its tables are not there', () => {
  it('reports the failure (commands are refused meanwhile), and once they are there starts again with none', async () => {
    const fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    const config = loadConfig({ DATA_DIR: '/tmp/projection-thread-unused', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000' });
    const database = { kind: 'postgres', connectionString: fresh.connectionString } as const;
    const unmigrated = await createDatabase<DB>({ ...database, poolSize: 1 });
    const failures: unknown[] = [];
    const thread = createProjectionThread({ config, database }, unmigrated.db, (error) => failures.push(error));
    try {
      await thread.start();
      expect(String(failures[0])).toMatch(/projection_checkpoints/);
      expect(thread.problem()).not.toBeNull();

      // Started again a second after each failure: once the tables are there, the failure is gone.
      const migrated = await openDatabase(config, database);
      await migrated.close();
      await vi.waitFor(() => expect(thread.problem()).toBeNull(), { timeout: 15_000, interval: 50 });
    } finally {
      await thread.close();
      await unmigrated.close();
      await fresh.drop();
    }
  });
});

if (!TEST_DATABASE_URL) console.info('the projector on a thread of its own: skipped: TEST_DATABASE_URL not set');
