/**
 * `npm run bench:statements`: a day's statement of the reserve account imported (issues 23, 25),
 * on PostgreSQL and on the default embedded PGlite, as CAMT.053 and as CSV. For each engine it
 * seeds 2 × BENCH_ORDERS (10,000) orders awaiting money; for each format it writes a statement of
 * BENCH_ENTRIES (10,000) entries, one crediting each of its BENCH_ORDERS orders in full and the rest
 * (if any) naming no order: by default every entry is matched, the hardest case. It times the import (parse, match, store, credit every order, mark the
 * entries), then the same file again (every entry a duplicate). BENCH_ENGINES (`postgres,pglite`)
 * picks the engines. A fresh database on BENCH_DATABASE_URL (default the local server) and a
 * fresh PGlite folder are created and dropped. Target: under 10 s for every first import.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { START } from '../eventstore/port.js';
import { loadConfig } from '../src/config.js';
import { BANK_TRANSFER, fillPayerDetails, type OrderCommand } from '../src/domain/index.js';
import { runOrderCommands } from '../src/api/orders/order-commands.js';
import { importStatement } from '../src/api/reconciliation/import-statement.js';
import type { StatementEntry } from '../src/api/reconciliation/statement.js';
import { findResource, institutionOf } from '../src/api/public/resources.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';
import { camt053Of, csvOf } from '../tests/api/reconciliation/statement-files.js';
import { BENCH_ACCOUNT, BENCH_PAYER } from './bench-orders.js';

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 10_000);
const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 10_000);
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env['BENCH_ENGINES'] ?? 'postgres,pglite').split(',');
/** A folder to write a CPU profile of each first import into (what the import thread did while it ran). */
const PROFILE_DIR = process.env['BENCH_PROFILE_DIR'];
const SEEDING_PARALLEL = 8;
const TARGET_SECONDS = 10;
const FORMATS = [
  { name: 'CAMT.053', file: 'bench.xml', write: camt053Of },
  { name: 'CSV', file: 'bench.csv', write: (entries: readonly StatementEntry[]) => csvOf(entries) },
] as const;

type Format = (typeof FORMATS)[number];
type DueOrder = { order_no: string; due: string };

const PAYER = fillPayerDetails(BENCH_PAYER);

const userId = async (runtime: Runtime, email: string) =>
  (await runtime.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Orders at 2 (awaiting documents, money due), created as their payer would; returns their numbers and amounts due. */
async function seedOrders(runtime: Runtime, count: number): Promise<DueOrder[]> {
  const { deps } = runtime;
  const actor = { id: String(await userId(runtime, 'payer@example.com')), role: 'payer' as const };
  const resource = institutionOf(await findResource(deps.db, '1004'));
  const ids = Array.from({ length: count }, () => deps.ids.uuid());
  const queue = ids.map((id, index) => ({ id, sequence: 500_000 + index }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const commands: OrderCommand[] = [
        { type: 'createOrder', order_id: next.id, resource, amount: '5000', sequence: next.sequence },
        { type: 'saveRecipientAccount', account: BENCH_ACCOUNT },
        { type: 'savePayerDetails', payer: PAYER },
        { type: 'confirmOrder', rate: '7.8', markup: '0.01', deadline_ms: 72 * 3600_000 },
        { type: 'choosePaymentMethod', bank: BANK_TRANSFER, reserve: deps.config.reserveAccount },
      ];
      await runOrderCommands(deps, next.id, commands, actor, { newStream: true });
    }
  };
  await Promise.all(Array.from({ length: SEEDING_PARALLEL }, worker));
  const rows = await deps.db.selectFrom('orders').select(['order_no', 'cny_amount']).where('kind', '=', 'order').execute();
  return rows.map((row) => ({ order_no: row.order_no, due: row.cny_amount! }));
}

function statementOf(orders: readonly DueOrder[], format: Format): string {
  const entries: StatementEntry[] = Array.from({ length: ENTRIES }, (_, index) => {
    const order = orders[index];
    return {
      entry_ref: `BENCH-${format.file}-${String(index).padStart(6, '0')}`,
      booking_date: '2026-11-26',
      amount_cny: order ? order.due : `${(index % 900) + 100}.00`,
      direction: 'credit',
      payer_name: '张三丰',
      payer_account: '6222020200112233445',
      postscript: order ? `学费 ${order.order_no}` : `转账 ${index}`,
    };
  });
  return format.write(entries);
}

async function openEngine(engine: string, dataDir: string): Promise<{ runtime: Runtime; drop: () => Promise<void> }> {
  const base = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost' };
  if (engine === 'pglite') return { runtime: await openRuntime(loadConfig(base), { demoPartnerOrders: false }), drop: async () => {} };
  const fresh = await createFreshPostgresDatabase(SERVER_URL);
  // As `npm start` runs on PostgreSQL: the projector and the notifier on threads of their own.
  const runtime = await openRuntime(loadConfig({ ...base, DATABASE_URL: fresh.connectionString }), {
    demoPartnerOrders: false,
    backgroundThreads: true,
  });
  return { runtime, drop: () => fresh.drop() };
}

const seconds = (since: number) => (performance.now() - since) / 1000;
/**
 * This process's CPU seconds (user and system, all threads) since `since`: under load, wall time
 * grows with the other jobs while this does not; on PGlite it includes the database's own work.
 */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};

/** Until the checkpoint stored under `name` has no order event after it. */
async function checkpointCaughtUp(runtime: Runtime, name: string): Promise<void> {
  for (;;) {
    const row = await runtime.deps.db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', name).executeTakeFirst();
    const page = await runtime.deps.eventStore.readAll({ from: row?.checkpoint ?? START, maxCount: 1, streamPrefixes: ['order-'] });
    if (page.events.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The seeding's own background work (its events read by the projection runner, its confirmations
 * told by the notifier) done before an import is timed: the import measures its own work and the
 * background work its events cause, not the seeding's.
 */
const backgroundCaughtUp = async (runtime: Runtime) => {
  await checkpointCaughtUp(runtime, 'orders');
  await checkpointCaughtUp(runtime, 'notifier');
};

/** Runs `work`, with a CPU profile of it written to PROFILE_DIR/<name>.cpuprofile when that is set. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(PROFILE_DIR, `${name.replaceAll(/[^a-zA-Z0-9]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Imports one format's statement twice on a seeded engine; returns the first import's seconds. */
async function benchFormat(runtime: Runtime, orders: readonly DueOrder[], format: Format, label: string): Promise<number> {
  const bytes = new TextEncoder().encode(statementOf(orders, format));
  const admin = { id: await userId(runtime, 'admin@example.com') };
  const file = { name: format.file, bytes };
  const settling = performance.now();
  await backgroundCaughtUp(runtime);
  console.log(`${label}: the projection runner and the notifier caught up with what came before in ${seconds(settling).toFixed(1)} s`);
  let started = performance.now();
  const cpu = process.cpuUsage();
  const first = await profiled(label, () => importStatement(runtime.deps, file, admin));
  const firstSeconds = seconds(started);
  const firstCpu = cpuSeconds(cpu);
  started = performance.now();
  await backgroundCaughtUp(runtime);
  const backgroundSeconds = seconds(started);
  started = performance.now();
  const again = await importStatement(runtime.deps, file, admin);
  const againSeconds = seconds(started);
  const { matched, unmatched, duplicates } = first;
  console.log(`${label}: ${ENTRIES} entries, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `  first import: ${firstSeconds.toFixed(2)} s, ${firstCpu.toFixed(2)} s of this process's CPU (matched ${matched}, unmatched ${unmatched}, duplicates ${duplicates})`,
  );
  console.log(`  then the projection runner and the notifier (the import's notices) caught up in ${backgroundSeconds.toFixed(2)} s more`);
  console.log(`  same file again: ${againSeconds.toFixed(2)} s (matched ${again.matched}, duplicates ${again.duplicates})`);
  return firstSeconds;
}

async function benchEngine(engine: string): Promise<{ label: string; seconds: number }[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-statements-'));
  const { runtime, drop } = await openEngine(engine, dataDir);
  const results: { label: string; seconds: number }[] = [];
  try {
    const started = performance.now();
    const orders = await seedOrders(runtime, ORDERS * FORMATS.length);
    console.log(`${engine}: seeded ${orders.length} orders awaiting money in ${seconds(started).toFixed(1)} s`);
    for (const [index, format] of FORMATS.entries()) {
      const label = `${engine} ${format.name}`;
      const own = orders.slice(index * ORDERS, (index + 1) * ORDERS);
      results.push({ label, seconds: await benchFormat(runtime, own, format, label) });
    }
    const paid = await runtime.deps.db
      .selectFrom('orders')
      .select('id')
      .where('balance_cny', '=', '0')
      .where('paid_cny', '>', '0')
      .execute();
    console.log(`  orders paid in full: ${paid.length}`);
  } finally {
    await runtime.close();
    await drop();
    // Background work (the outbox) may still be finishing a file as the runtime closes: retry the removal.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  return results;
}

const results: { label: string; seconds: number }[] = [];
for (const engine of ENGINES) results.push(...(await benchEngine(engine)));
console.log(`\nfirst import of ${ENTRIES} entries (${ORDERS} matched), target < ${TARGET_SECONDS} s:`);
for (const { label, seconds } of results)
  console.log(`  ${label.padEnd(20)} ${seconds.toFixed(2).padStart(6)} s  ${seconds < TARGET_SECONDS ? 'PASS' : 'FALLS SHORT'}`);
