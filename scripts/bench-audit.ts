/**
 * Audit benchmark: how fast `audit:verify` walks the store (events/s), against a baseline in the
 * same run: reading the same log with readAll and doing nothing else. The ratio is the cost of the
 * checks (hash chains, checkpoint heads, opening sealed fields, replay, read-row comparison).
 *
 *   npm run bench:audit                         embedded PGlite in memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench:audit   a fresh, dropped PostgreSQL database
 *
 * BENCH_ORDERS (default 1000) orders of 5 events each; BENCH_ROUNDS (default 3) alternate runs of
 * both, the best of each reported, so a slow spell of a small machine does not decide the ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { START } from '../eventstore/port.js';
import { takeCheckpoint } from '../src/api/audit/checkpoint.js';
import { verifyStore } from '../src/api/audit/verify-store.js';
import { runOrderCommands } from '../src/api/orders/order-commands.js';
import { loadConfig } from '../src/config.js';
import { fillPayerDetails, type OrderCommand } from '../src/domain/index.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { PAYER } from '../tests/domain/support.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';
import { BENCH_ACCOUNT } from './bench-orders.js';

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 1000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);

async function seed(runtime: Runtime): Promise<void> {
  const actor = { id: '1', role: 'payer' as const };
  for (let index = 0; index < ORDERS; index += 1) {
    const id = `bench-${index}`;
    const commands: OrderCommand[] = [
      { type: 'createOrder', order_id: id, resource: { id: '1004', name: 'TUM', currency: 'EUR' }, amount: String(3000 + index) },
      { type: 'saveRecipientAccount', account: BENCH_ACCOUNT },
      { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) },
      { type: 'confirmOrder', rate: '7.9', markup: '0.01', deadline_ms: 72 * 3600 * 1000 },
      { type: 'choosePaymentMethod', bank: 3 },
    ];
    await runOrderCommands(runtime.deps, id, commands, actor, { skipProjectionWait: index < ORDERS - 1 });
  }
}

async function readAllOnly(runtime: Runtime): Promise<number> {
  let position = START;
  let events = 0;
  for (;;) {
    const page = await runtime.deps.storedEvents.readAll({ from: position, maxCount: 1000 });
    if (page.events.length === 0) return events;
    events += page.events.length;
    position = page.next;
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-audit-'));
const serverUrl = process.env['BENCH_DATABASE_URL'];
const fresh = serverUrl ? await createFreshPostgresDatabase(serverUrl) : null;
const runtime = await openRuntime(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(fresh ? { DATABASE_URL: fresh.connectionString } : {}) }),
  {
    demoPartnerOrders: false,
    ...(fresh ? {} : { database: { kind: 'pglite' } }),
  },
);
try {
  await seed(runtime);
  await takeCheckpoint(runtime.deps);
  let baseline = Infinity;
  let verify = Infinity;
  let events = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const read = await timed(() => readAllOnly(runtime));
    const checked = await timed(() => verifyStore(runtime.deps));
    if (!checked.result.ok) throw new Error(`verification failed: ${JSON.stringify(checked.result.problems.slice(0, 5))}`);
    events = read.result;
    baseline = Math.min(baseline, read.ms);
    verify = Math.min(verify, checked.ms);
  }
  const rate = (ms: number) => Math.round((events / ms) * 1000);
  console.info(`${fresh ? 'PostgreSQL' : 'PGlite'}: ${events} events in ${ORDERS} orders, best of ${ROUNDS}`);
  console.info(`  readAll only (baseline): ${rate(baseline)} events/s`);
  console.info(`  audit:verify:            ${rate(verify)} events/s  (${(verify / baseline).toFixed(1)}× the baseline's time)`);
} finally {
  await runtime.close();
  await fresh?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
