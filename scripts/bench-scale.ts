/**
 * `npm run bench:scale` (issue 25; not part of npm test or CI): BENCH_ORDERS (1,000,000) orders on
 * a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server), dropped at the end
 * unless BENCH_KEEP=1. A few real orders are written through the commands, then cloned
 * (scripts/bench/scale-clone.ts), and then measured: the payer's reads, every back-office
 * list of the orders tab with its query plan, the CSV export of 100,000 orders, `audit:verify`, the
 * start of `npm start`, and the rebuild. Each figure is printed with its target and PASS or FALLS
 * SHORT; the script exits 0 either way. docs/performance.md "A million orders" has the figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { leadOverPg, type Leadership } from '../eventstore/postgres/leadership.js';
import { buildApp } from '../src/api/app.js';
import { openSession } from '../src/api/auth/sessions.js';
import { loadConfig } from '../src/config.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';
import { cloneOrders } from './bench/scale-clone.js';
import { writeTemplates } from './bench/scale-templates.js';
import { childFigures, exportFigure, figureTable, listFigures, printFigure, type Figure } from './bench/scale-measure.js';

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 1_000_000);
const PAYERS = Number(process.env['BENCH_PAYERS'] ?? Math.max(10, Math.round(ORDERS / 20)));
/** Every this many-th clone belongs to the demo payer, whose list is measured. */
const DEMO_PAYER_EVERY = Math.max(1, Math.round(ORDERS / 500));
const BATCH = Number(process.env['BENCH_BATCH'] ?? 1000);
const WRITERS = Number(process.env['BENCH_WRITERS'] ?? 2);
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Measurements left out (lists, export, verify, rebuild), e.g. BENCH_SKIP=verify,rebuild for a first look. */
const SKIP = new Set((process.env['BENCH_SKIP'] ?? '').split(','));
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A database a run kept (BENCH_KEEP=1) measured again without seeding: its URL and DATA_DIR. */
const REUSE_URL = process.env['BENCH_REUSE_DATABASE_URL'];
const REUSE_DATA_DIR = process.env['BENCH_REUSE_DATA_DIR'];
const reusing = REUSE_URL !== undefined && REUSE_DATA_DIR !== undefined;

const fresh = reusing ? { connectionString: REUSE_URL, drop: () => Promise.resolve() } : await createFreshPostgresDatabase(SERVER_URL);
const dataDir = reusing ? REUSE_DATA_DIR : await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: fresh.connectionString,
  PUBLIC_BASE_URL: 'http://localhost',
  DATABASE_QUERY_TIMEOUT_SECONDS: '3600',
};
const open = () => openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { demoPartnerOrders: false });
const userId = async (runtime: Runtime, email: string) =>
  (await runtime.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The payers the clones belong to, written straight into users. */
async function addPayers(runtime: Runtime): Promise<{ first: number }> {
  const { rows } = await sql<{ id: number }>`
    insert into users (email, name, password_hash, "group", sessions_valid_after)
    select 'payer' || i || '@scale.example.com', '付款人' || i, null, 0, now() from generate_series(1, ${PAYERS}) as i
    returning id`.execute(runtime.deps.db);
  return { first: Math.min(...rows.map((row) => row.id)) };
}

/** The real orders, written through the commands; returns their ids and the demo payer's id. */
async function writeRealOrders(): Promise<{ templates: string[]; demoPayer: number }> {
  const runtime = await open();
  try {
    const demoPayer = await userId(runtime, 'payer@example.com');
    return { templates: await writeTemplates(runtime.deps, { id: String(demoPayer), role: 'payer' }), demoPayer };
  } finally {
    await runtime.close();
  }
}

/**
 * The bench itself leads `name` (runtime.ts's background work), once it does: a runtime opened
 * meanwhile never starts that work. Stopping the work in the runtime was not enough: a runtime that
 * finds the lock still held (by the server just timed, say) takes it a second later and starts.
 */
async function leadInstead(name: string): Promise<Leadership> {
  let gained!: () => void;
  const leading = new Promise<void>((resolve) => (gained = resolve));
  const leadership = await leadOverPg(fresh.connectionString, name, {
    onGained: () => Promise.resolve(gained()),
    onLost: () => Promise.resolve(),
  });
  await leading;
  return leadership;
}

async function seed({ templates, demoPayer }: { templates: string[]; demoPayer: number }): Promise<{ seconds: number; events: number }> {
  // Neither follows the clones: their rows are written with them, and the notifier would raise (and
  // mail) every clone's old notices: 1.45 million deliveries during a million-order seeding.
  const held = [await leadInstead('projections'), await leadInstead('notifier')];
  const runtime = await open();
  try {
    const { first } = await addPayers(runtime);
    const started = performance.now();
    let reported = 0;
    const count = ORDERS - new Set(templates).size;
    await cloneOrders(runtime.deps.db, templates, {
      count,
      batch: BATCH,
      writers: WRITERS,
      ownerOf: (index) => (index % DEMO_PAYER_EVERY === 0 ? demoPayer : first + (index % PAYERS)),
      // Spread evenly over the year before the templates' day, in whole seconds.
      ageOf: (index) => Math.floor(((((index * 7919) % ORDERS) / ORDERS) * YEAR_MS) / 1000) * 1000,
      onBatch(done) {
        if (done - reported < 50_000 && done < count) return;
        reported = done;
        const seconds = (performance.now() - started) / 1000;
        console.info(`  cloned ${done} orders in ${seconds.toFixed(0)} s (${Math.round(done / seconds)} orders/s)`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    await sql`vacuum analyze`.execute(runtime.deps.db);
    const events = Number((await sql<{ n: string }>`select count(*) as n from es_events`.execute(runtime.deps.db)).rows[0]!.n);
    return { seconds, events };
  } finally {
    await runtime.close();
    for (const leadership of held) await leadership.stop();
  }
}

/** `projections:rebuild`'s work, in this process: every read table emptied and replayed from the log. */
async function rebuildFigure(runtime: Runtime): Promise<Figure> {
  await runtime.deps.projections.stop();
  const started = performance.now();
  const replayed = await rebuildOrderProjection(runtime.deps.db, runtime.deps.eventStore);
  const seconds = (performance.now() - started) / 1000;
  const value = `${replayed} events in ${seconds.toFixed(0)} s, ${Math.round(replayed / seconds)} events/s`;
  return { name: 'rebuild (projections:rebuild)', value, target: 'info', pass: null };
}

/** Every figure so far, each printed as it comes. */
const figures = {
  all: [] as Figure[],
  push(...measured: Figure[]) {
    measured.forEach(printFigure);
    this.all.push(...measured);
  },
};

/** Writes the real orders, measures the start on them alone, clones them; returns the events in the log. */
async function seedFresh(): Promise<number> {
  console.info(`Seeding ${ORDERS} orders over ${PAYERS} payers into ${fresh.connectionString}`);
  const real = await writeRealOrders();
  const [emptyStart] = await childFigures(env, 'start');
  const realCount = new Set(real.templates).size;
  figures.push({ ...emptyStart!, name: `${emptyStart!.name}, before cloning (${realCount} orders)`, target: 'info', pass: null });
  const seeded = await seed(real);
  const rate = Math.round(ORDERS / seeded.seconds);
  console.info(`Seeded ${ORDERS} orders, ${seeded.events} events in ${seeded.seconds.toFixed(0)} s (${rate} orders/s)`);
  figures.push({ name: 'seed (clone) rate', value: `${rate} orders/s`, target: 'info', pass: null });
  return seeded.events;
}

async function countEvents(): Promise<number> {
  const runtime = await open();
  try {
    return Number((await sql<{ n: string }>`select count(*) as n from es_events`.execute(runtime.deps.db)).rows[0]!.n);
  } finally {
    await runtime.close();
  }
}
try {
  const events = reusing ? await countEvents() : await seedFresh();
  figures.push(...(await childFigures(env, 'start')));
  const runtime = await open();
  try {
    const app = await buildApp(runtime.deps);
    const session = async (email: string) =>
      openSession(
        runtime.deps,
        await runtime.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow(),
        {
          secondFactor: true,
        },
      );
    if (!SKIP.has('lists')) {
      await listFigures(runtime, app, await session('payer@example.com'), await session('admin@example.com'), ORDERS, figures);
    }
    if (!SKIP.has('export')) figures.push(await exportFigure(runtime, ORDERS));
    await app.close();
    if (!SKIP.has('verify')) figures.push(...(await childFigures(env, 'verify')));
    if (!SKIP.has('rebuild')) figures.push(await rebuildFigure(runtime));
  } finally {
    await runtime.close();
  }
  figureTable(figures.all, `PostgreSQL, ${ORDERS} orders (${events} events), ${PAYERS} payers`);
} finally {
  if (process.env['BENCH_KEEP'] === '1' || reusing) console.info(`Kept ${fresh.connectionString} (DATA_DIR ${dataDir})`);
  else {
    await fresh.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
