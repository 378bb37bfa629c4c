/**
 * `npm run bench:notifier`: the notifier and receipt sections of `npm run bench` alone, on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, default the local server) that is dropped afterwards.
 */
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { buildApp } from '../src/api/app.js';
import { openSession } from '../src/api/auth/sessions.js';
import { caller, openBenchRuntime } from './bench/workload.js';
import { notifierFigures } from './bench/notifier-load.js';
import { receiptRenders } from './bench/receipt-render.js';
import { printRows, notifierRows, receiptRows } from './bench/report.js';

const bench = await openBenchRuntime('bench-notifier-');
const { runtime, connectionString } = bench;
const app = await buildApp(runtime.deps);
const raw = new pg.Pool({ connectionString: connectionString, max: 2 });
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
  const notifier = await notifierFigures(connectionString, String(payer.id), raw, runtime.notifier, create);
  const receipts = await receiptRenders();
  printRows([...notifierRows(notifier), ...receiptRows(receipts)]);
} finally {
  await http?.close();
  await app.close();
  await raw.end();
  await bench.close();
}
