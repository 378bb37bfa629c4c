import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { openSession } from '../../src/api/auth/sessions.js';
import { loadConfig } from '../../src/config.js';
import type { DB } from '../../src/database/schema.js';
import { statusCounts } from '../../src/projections/status-counts.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';
import { ROOT, runTs } from './support/server-process.js';

const ORDERS = 12;

/** The read tables in a stable order, and the indexes and constraints they have. */
async function readTables(db: Kysely<DB>) {
  const [orders, history, terms, counts, indexes, constraints] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('order_history').selectAll().orderBy('order_id').orderBy('revision').execute(),
    db.selectFrom('order_search_terms').selectAll().orderBy('order_id').orderBy('term').execute(),
    statusCounts(db),
    sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where tablename in ('orders', 'order_history', 'order_search_terms') order by indexname`
      .execute(db)
      .then((result) => result.rows.map((row) => row.indexdef)),
    sql<{ constraint: string }>`select conname || ' ' || pg_get_constraintdef(oid) as constraint from pg_constraint
      where conrelid in ('orders'::regclass, 'order_history'::regclass, 'order_search_terms'::regclass) order by conname`
      .execute(db)
      .then((result) => result.rows.map((row) => row.constraint)),
  ]);
  return { orders, history, terms, counts, indexes, constraints };
}

/**
 * `npm run projections:rebuild` killed (SIGKILL, a real child process on real PostgreSQL) while it
 * has the tables half written and their secondary indexes dropped: run again, or followed by a
 * start of the server, the tables end equal to the live ones, indexes and all.
 */
describe.runIf(TEST_DATABASE_URL)('a rebuild killed half-way', () => {
  let fresh: FreshPostgresDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let live: Awaited<ReturnType<typeof readTables>>;
  const open = () => openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { demoPartnerOrders: false });

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'rebuild-killed-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: fresh.connectionString, PUBLIC_BASE_URL: 'http://localhost:3000' };
    const runtime = await open();
    try {
      await writeOrders(runtime);
      live = await readTables(runtime.deps.db);
    } finally {
      await runtime.close();
    }
    expect(live.orders.length).toBeGreaterThanOrEqual(ORDERS);
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts the rebuild a page of one event at a time, and kills it once its first page is in. */
  async function killedRebuild(runtime?: Runtime): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projections.ts', '--page-size', '1'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Replayed')) child.kill('SIGKILL');
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', () => resolve());
    });
    expect(output).not.toContain('Rebuilt');
    const db = runtime?.deps.db;
    if (!db) return;
    const halfWay = await readTables(db);
    expect(halfWay.orders.length).toBeLessThan(live.orders.length);
    expect(halfWay.indexes.length).toBeLessThan(live.indexes.length);
    expect(halfWay.constraints.length).toBeLessThan(live.constraints.length);
  }

  it('run again, ends with the live tables and every index', async () => {
    const runtime = await open();
    await runtime.deps.projections.stop();
    try {
      await killedRebuild(runtime);
    } finally {
      await runtime.close();
    }
    const again = await runTs('scripts/rebuild-projections.ts', [], { ...env, LOG_LEVEL: 'silent' });
    expect(again.output).toMatch(/Rebuilt the order projections from \d+ events/);
    expect(again.code).toBe(0);
    const runtime2 = await open();
    try {
      expect(await readTables(runtime2.deps.db)).toEqual(live);
      expect(await runtime2.deps.db.selectFrom('rebuild_dropped_indexes').selectAll().execute()).toEqual([]);
    } finally {
      await runtime2.close();
    }
  }, 180_000);

  it('followed by a start of the server, which carries on from it and creates the dropped indexes again', async () => {
    await killedRebuild();
    const runtime = await open();
    try {
      const db = runtime.deps.db;
      await expect.poll(() => readTables(db), { timeout: 30_000, interval: 200 }).toEqual(live);
      expect(await db.selectFrom('rebuild_dropped_indexes').selectAll().execute()).toEqual([]);
    } finally {
      await runtime.close();
    }
  }, 180_000);
});

/** Orders through the payer's steps, over the API as the server serves them. */
async function writeOrders(runtime: Runtime): Promise<void> {
  const app = await buildApp(runtime.deps);
  try {
    const user = await runtime.deps.db
      .insertInto('users')
      .values({ email: 'killed@example.com', name: 'killed', password_hash: null, group: 0, sessions_valid_after: new Date(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await openSession(runtime.deps, { id: user.id, group: 0, sessions_valid_after: new Date(0) });
    const post = async (url: string, body: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { id: string } }>();
    };
    for (let index = 0; index < ORDERS; index += 1) {
      const { id } = (await post('/api/v1/step/amount/create', { resource: 996, amount: 5000 + index })).data;
      await post('/api/v1/step/accept/update', { id, ...ACCOUNT });
      await post('/api/v1/step/send/update', { id, ...PAYER });
      await post('/api/v1/step/check/update', { id });
      if (index % 2 === 0) await post('/api/v1/step/pay/update', { id, bank: 3 });
    }
  } finally {
    await app.close();
  }
}
