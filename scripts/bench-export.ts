/**
 * Export benchmark: streams manage/orders/export.csv and export.xlsx of BENCH_ORDERS (default
 * 100,000) ordinary orders and reports the time and the process's peak RSS while each runs. The
 * exports read the orders read table page by page, so the rows are written there directly (as the
 * projector would leave them), which seeds 100,000 orders in seconds.
 *
 *   BENCH_DATABASE_URL=postgres://… npm run bench:export   a fresh, dropped PostgreSQL database
 *   npm run bench:export                                    embedded PGlite in memory
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { orderExportStream } from '../src/api/manage/order-export.js';
import { loadConfig } from '../src/config.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 100_000);
const ADMIN = { id: 1, name: 'bench', email: null, group: 1, sessionId: 'bench' } as const;

async function seed(runtime: Runtime): Promise<void> {
  await sql`
    insert into orders (id, kind, owner_id, status, amount, currency, resource, resource_name, order_no, student_last_name,
                        student_first_name, student_last_name_pinyin, student_first_name_pinyin, payer_phone, state, revision,
                        created_at, updated_at, status_since, cny_amount, paid_cny, refunded_cny, balance_cny)
    select 'bench-' || i, 'order', 1, (array[2, 4, 5, 7, 9, 12])[i % 6 + 1], 5000 + i % 1000, 'EUR', '1004', '慕尼黑工业大学',
           '20260101-' || lpad(i::text, 6, '0'), '张', '三' || i, 'Zhang', 'San' || i, '138' || lpad(i::text, 8, '0'), '{}', 0,
           now() - (i || ' minutes')::interval, now(), now() - (i || ' minutes')::interval, 40000 + i % 1000,
           case when i % 3 = 0 then 40000 + i % 1000 else 0 end, 0, case when i % 3 = 0 then 0 else -(40000 + i % 1000) end
    from generate_series(1, ${ORDERS}) as i`.execute(runtime.deps.db);
  await sql`analyze orders`.execute(runtime.deps.db);
}

/** Streams one export into a sink that counts bytes, sampling the RSS meanwhile. */
async function measure(runtime: Runtime, format: 'csv' | 'xlsx') {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  await pipeline(orderExportStream(runtime.deps.db, {}, format, ADMIN, 'zh-CN'), sink);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (value: number) => (value / 1024 / 1024).toFixed(0);
  console.info(
    `  ${format}: ${(ms / 1000).toFixed(1)} s, ${mb(bytes)} MB written, RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
const serverUrl = process.env['BENCH_DATABASE_URL'];
const fresh = serverUrl ? await createFreshPostgresDatabase(serverUrl) : null;
const runtime = await openRuntime(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_QUERY_TIMEOUT_SECONDS: '600',
    ...(fresh ? { DATABASE_URL: fresh.connectionString } : {}),
  }),
  { demoPartnerOrders: false, ...(fresh ? {} : { database: { kind: 'pglite' } }) },
);
try {
  await seed(runtime);
  console.info(`${fresh ? 'PostgreSQL' : 'PGlite'}: exporting ${ORDERS} orders`);
  await measure(runtime, 'csv');
  await measure(runtime, 'xlsx');
} finally {
  await runtime.close();
  await fresh?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
