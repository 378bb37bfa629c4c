import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrderCommands } from '../../src/api/orders/order-commands.js';
import { loadConfig } from '../../src/config.js';
import { fillPayerDetails } from '../../src/domain/index.js';
import { openRuntime } from '../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { ROOT, runTs } from './support/server-process.js';

const ORDERS = 400;

/**
 * The read tables are a projection of the log: a projector killed with SIGKILL in the middle of a
 * batch leaves them behind but never wrong, and once the projection runs again `audit:verify`
 * finds every read row equal to the replay of its stream. Real PostgreSQL only (another process).
 */
describe.skipIf(!TEST_DATABASE_URL)('a projector killed mid-batch (PostgreSQL)', () => {
  let database: FreshPostgresDatabase;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'audit-recovery-'));
    env = { DATABASE_URL: database.connectionString, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const runtime = await openRuntime(loadConfig(env), { demoPartnerOrders: false });
    try {
      const payer = await runtime.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'payer@example.com')
        .executeTakeFirstOrThrow();
      const actor = { id: String(payer.id), role: 'payer' as const };
      for (let index = 0; index < ORDERS; index += 1) {
        const id = `recovery-${index}`;
        await runOrderCommands(
          runtime.deps,
          id,
          [
            { type: 'createOrder', order_id: id, resource: { id: '1004', name: 'TUM', currency: 'EUR' }, amount: String(3000 + index) },
            { type: 'saveRecipientAccount', account: ACCOUNT },
            { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) },
          ],
          actor,
          { skipProjectionWait: true },
        );
      }
    } finally {
      await runtime.close();
    }
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves the read tables behind, not wrong: audit:verify finds them equal to the replay once the projection runs again', async () => {
    // Pages of 300 events: the store's 1,200 fit in one page of the default size, and then there is no half-way.
    const rebuild = spawn(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projections.ts', '--page-size', '300'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => rebuild.once('exit', () => resolve()));
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: database.connectionString });
    await client.connect();
    let seen = 0;
    try {
      // Kill it once some batches are in and others not.
      for (let tries = 0; tries < 2000; tries += 1) {
        seen = Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
        if (seen > 0 && seen < ORDERS) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      rebuild.kill('SIGKILL');
      await exited;
      seen = Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
    } finally {
      await client.end();
    }
    expect(seen).toBeLessThan(ORDERS);

    const verify = await runTs('scripts/audit.ts', ['verify'], env);
    expect(verify.output).toContain(`${ORDERS} orders replayed`);
    expect(verify.output).toContain('Verification passed.');
    expect(verify.code).toBe(0);
  }, 180_000);
});
