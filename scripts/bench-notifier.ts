/**
 * `npm run bench:notifier`: the notifier and receipt sections of `npm run bench` alone, on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, default the local server) that is dropped afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { buildApp } from '../src/api/app.js';
import { openSession } from '../src/api/auth/sessions.js';
import { loadConfig } from '../src/config.js';
import { openRuntime } from '../src/runtime.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';
import { caller } from './bench/workload.js';
import { notifierFigures } from './bench/notifier-load.js';
import { receiptRenders } from './bench/receipt-render.js';
import { printRows, notifierRows, receiptRows } from './bench/report.js';

const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const fresh = await createFreshPostgresDatabase(SERVER_URL);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-notifier-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: fresh.connectionString,
  LOG_LEVEL: 'silent',
  PUBLIC_BASE_URL: 'http://localhost',
});
const runtime = await openRuntime(config, { demoPartnerOrders: false });
const app = await buildApp(runtime.deps);
const raw = new pg.Pool({ connectionString: fresh.connectionString, max: 2 });
let http: HttpPool | undefined;
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const payer = await runtime.deps.db
    .selectFrom('users')
    .select(['id', 'group', 'sessions_valid_after'])
    .where('email', '=', 'payer@example.com')
    .executeTakeFirstOrThrow();
  const token = await openSession(runtime.deps, payer);
  http = new HttpPool(address, { connections: 16 });
  const call = caller(http, token);
  const create = async () => void (await call('/step/amount/create', { resource: 1004, amount: '5000', from: 'bench' }));
  const notifier = await notifierFigures(fresh.connectionString, String(payer.id), raw, runtime.notifier, create);
  const receipts = await receiptRenders();
  printRows([...notifierRows(notifier), ...receiptRows(receipts)]);
} finally {
  await http?.close();
  await app.close();
  await raw.end();
  await runtime.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
