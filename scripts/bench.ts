/**
 * `npm run bench`: the service measured against baselines in the same run (issue 12), on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, default the local server) that is dropped afterwards.
 *
 * - write: POST step/amount/create, and the four payer commands in a row, over real HTTP from
 *   BENCH_CLIENTS (16) clients, against the same calls to the CRUD service a team would build
 *   instead (scripts/bench/crud-baseline.ts, issue 25), over the same client;
 * - read: POST step/order/find against the same SELECT sent straight to the database;
 * - lag: an event appended by another process (scripts/bench/lag-process.ts: its own pool, no
 *   inline projection) until its order row is readable, while the server is idle and while 16
 *   clients create orders;
 * - rebuild: `projections:rebuild`'s events/s over everything written;
 * - the notifier, the mailer through SMTP and the receipt's render (scripts/bench/notifier-load.ts,
 *   mail-throughput.ts, receipt-render.ts).
 *
 * Each figure is printed with its target and PASS or FALLS SHORT; the script exits 0 either way.
 *
 * Workloads run in interleaved slices (A B A B …, BENCH_SLICES of BENCH_SLICE_SECONDS each) so a
 * slow spell of this small machine hits both sides of a ratio alike, after BENCH_WARM_UP_SECONDS
 * (8) of each side, interleaved too and not measured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { buildApp } from '../src/api/app.js';
import { loadConfig } from '../src/config.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';
import { openRuntime } from '../src/runtime.js';
import { runOrderCommands } from '../src/api/orders/order-commands.js';
import { BENCH_ACCOUNT, BENCH_PAYER } from './bench-orders.js';
import { lagsOfAnotherProcess, projectionLags } from './bench/projection-lags.js';
import { report } from './bench/report.js';
import { BENCH_CLIENTS, caller, demoPayerToken, startCrudBeside, Workload, openBenchRuntime } from './bench/workload.js';
import { mailFigures } from './bench/mail-throughput.js';
import { notifierFigures } from './bench/notifier-load.js';
import { receiptRenders } from './bench/receipt-render.js';

const SLICES = Number(process.env['BENCH_SLICES'] ?? 4);
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 1.5);

/** The CRUD service's connections: as many as the product's command pool (its projector has two more of its own). */
const CRUD_POOL_SIZE = 10;

/**
 * Unmeasured seconds of each side before its measured slices, also interleaved: a long-running
 * server is warm. The product has far more code for V8 to compile than the CRUD service: measured
 * from cold, its first 10-15 s ran its compiler threads at 350 µs of CPU per create each (70 µs
 * warm), on the same two cores as everything else, and a ratio taken then measured the compiler.
 */
const WARM_UP_SECONDS = Number(process.env['BENCH_WARM_UP_SECONDS'] ?? 8);

async function interleaved(a: Workload, b: Workload): Promise<void> {
  const warmUpSlices = Math.ceil(WARM_UP_SECONDS / 2);
  for (let slice = 0; slice < warmUpSlices; slice += 1) {
    await new Workload(a.step, a.clients).slice(WARM_UP_SECONDS / warmUpSlices);
    await new Workload(b.step, b.clients).slice(WARM_UP_SECONDS / warmUpSlices);
  }
  for (let slice = 0; slice < SLICES; slice += 1) {
    await a.slice(SLICE_SECONDS);
    await b.slice(SLICE_SECONDS);
  }
}

/**
 * Embedded PGlite: the projection lag of an append without inline projection while 16 clients
 * create orders over HTTP (PGlite answers without I/O: called in a loop, commands would starve the
 * event loop in a way requests never do), then the rebuild over 1000 orders of four events written
 * through the commands.
 */
async function pgliteFigures(): Promise<{ lags: number[]; rebuild: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-pglite-'));
  const embedded = await openRuntime(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    demoPartnerOrders: false,
    database: { kind: 'pglite' },
  });
  try {
    const actor = { id: '1', role: 'payer' as const };
    const resource = { id: '1004', name: 'TUM', currency: 'EUR' as const };
    const app = await buildApp(embedded.deps);
    const http = new HttpPool(await app.listen({ port: 0, host: '127.0.0.1' }), { connections: BENCH_CLIENTS });
    const call = caller(http, (await demoPayerToken(embedded)).token);
    const busy = new Workload(
      async () => void (await call('/step/amount/create', { resource: 1004, amount: '5000', from: 'bench' })),
    ).slice(4);
    const probe = async (id: string) =>
      (await embedded.deps.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    const lags = await projectionLags(embedded.deps.storedEvents, probe, actor.id, 'pglite', 100);
    await busy;
    await http.close();
    await app.close();
    for (let index = 0; index < 1000; index += 1) {
      const id = `pglite-${index}`;
      await runOrderCommands(
        embedded.deps,
        id,
        [
          { type: 'createOrder', order_id: id, resource, amount: '5000' },
          { type: 'saveRecipientAccount', account: BENCH_ACCOUNT },
          { type: 'changeAmount', amount: '6000' },
          { type: 'changeAmount', amount: '7000' },
        ],
        actor,
        { skipProjectionWait: true },
      );
    }
    await embedded.deps.projections.stop();
    const started = performance.now();
    const events = await rebuildOrderProjection(embedded.deps.db, embedded.deps.eventStore);
    return { lags, rebuild: events / ((performance.now() - started) / 1000) };
  } finally {
    await embedded.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const bench = await openBenchRuntime('bench-');
const { runtime, connectionString } = bench;
const app = await buildApp(runtime.deps);
const raw = new pg.Pool({ connectionString: connectionString, max: BENCH_CLIENTS });
let http: HttpPool | undefined;
let crudHttp: HttpPool | undefined;
let closeCrud: (() => Promise<void>) | undefined;
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token, payerId } = await demoPayerToken(runtime);
  http = new HttpPool(address, { connections: BENCH_CLIENTS });
  const call = caller(http, token);
  const crud = await startCrudBeside(runtime, raw, connectionString, CRUD_POOL_SIZE);
  closeCrud = () => crud.close();
  crudHttp = new HttpPool(crud.url, { connections: BENCH_CLIENTS });
  const crudCall = caller(crudHttp, token);
  const createBody = { resource: 1004, amount: '5000', from: 'bench' };
  const crudCreate = new Workload(async () => void (await crudCall('/step/amount/create', createBody)));
  const create = new Workload(async () => void (await call('/step/amount/create', createBody)));
  await interleaved(crudCreate, create);

  const fourSteps = (post: typeof call, ids?: string[]) => async () => {
    const { id } = (await post('/step/amount/create', createBody)).data;
    await post('/step/accept/update', { id, ...BENCH_ACCOUNT });
    await post('/step/send/update', { id, ...BENCH_PAYER });
    await post('/step/check/update', { id });
    ids?.push(id);
  };
  const ids: string[] = [];
  const crudFour = new Workload(fourSteps(crudCall));
  const four = new Workload(fourSteps(call, ids));
  await interleaved(crudFour, four);

  const rawSelect = new Workload(
    async (client) => void (await raw.query('select * from orders where id = $1', [ids[client % ids.length]])),
  );
  const find = new Workload(async (client) => void (await call('/step/order/find', { id: ids[client % ids.length] })));
  await interleaved(rawSelect, find);

  // Lag: another process's append (its own pool, store and event loop, no inline projection)
  // until readable there; once with the server idle, once while the clients keep it busy creating orders.
  const idleLags = await lagsOfAnotherProcess(connectionString, payerId, 'idle', 200);
  const busyLags = await lagsOfAnotherProcess(connectionString, payerId, 'busy', 200, (stopped) =>
    new Workload(create.step).until(stopped),
  );

  const createOne = async () => void (await call('/step/amount/create', createBody));
  const notifier = await notifierFigures(connectionString, payerId, raw, runtime.notifier, createOne);
  const receipts = await receiptRenders();
  const mail = await mailFigures();

  await runtime.deps.projections.stop();
  const events = Number(
    (await sql<{ n: string }>`select count(*) as n from es_events where stream_id like 'order-%'`.execute(runtime.deps.db)).rows[0]!.n,
  );
  const rebuildStarted = performance.now();
  await rebuildOrderProjection(runtime.deps.db, runtime.deps.eventStore);
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;

  const embedded = await pgliteFigures();
  const crudRows = Number((await raw.query<{ n: string }>('select count(*) as n from crud_orders')).rows[0]!.n);
  const figures = { create, crudCreate, four, crudFour, find, rawSelect, idleLags, busyLags, embedded, crudRows, notifier, receipts, mail };
  report(
    { ...figures, rebuild: { events, seconds: rebuildSeconds } },
    `PostgreSQL, ${BENCH_CLIENTS} clients, ${SLICES} interleaved slices of ${SLICE_SECONDS} s each`,
  );
} finally {
  await http?.close();
  await crudHttp?.close();
  await closeCrud?.();
  await app.close();
  await raw.end();
  await bench.close();
}
