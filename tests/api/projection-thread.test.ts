import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/database/schema.js';
import { createDatabase, createPostgresEventStore, type Database } from '../../eventstore/postgres/index.js';
import { TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
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

if (!TEST_DATABASE_URL) console.info('the projector on a thread of its own: skipped: TEST_DATABASE_URL not set');
