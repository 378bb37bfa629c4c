import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { sql, type Compilable } from 'kysely';
import { orderExportStream } from '../../src/api/manage/order-export.js';
import { orderPageQuery, queueCounts } from '../../src/api/manage/order-list.js';
import { keywordSearchOf } from '../../src/api/manage/order-keyword.js';
import { decodeCursor } from '../../src/api/manage/paging.js';
import { ORDER_QUEUES, ORDER_SORTS, type OrderFilter } from '../../src/domain/index.js';
import type { Runtime } from '../../src/runtime.js';
import { percentile } from './report.js';

/** One line of the table: a figure, its target, and whether it meets it (null: reported only). */
export interface Figure {
  readonly name: string;
  readonly value: string;
  readonly target: string;
  readonly pass: boolean | null;
  readonly plan?: string;
}

const CALLS = Number(process.env['BENCH_CALLS'] ?? 200);
/** A list that takes seconds per call is measured for this long, not for 200 calls. */
const SECONDS_PER_FIGURE = Number(process.env['BENCH_SECONDS_PER_FIGURE'] ?? 30);
const LIST_P99_MS = 100;
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ADMIN = { id: 1, name: 'bench', email: null, group: 1, sessionId: 'bench' } as const;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Latencies {
  readonly p50: number;
  readonly p99: number;
  readonly calls: number;
}

/** CALLS requests one after the other (fewer if they take longer than SECONDS_PER_FIGURE); p50 and p99 in ms. */
async function latencies(call: () => Promise<void>): Promise<Latencies> {
  await call();
  const times: number[] = [];
  const deadline = performance.now() + SECONDS_PER_FIGURE * 1000;
  while (times.length < CALLS && (times.length < 5 || performance.now() < deadline)) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), calls: times.length };
}

const latencyFigure = (name: string, { p50, p99, calls }: Latencies, plan?: string): Figure => ({
  name,
  value: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${calls < CALLS ? ` (${calls} calls)` : ''}`,
  target: `p99 < ${LIST_P99_MS} ms`,
  pass: p99 < LIST_P99_MS && !plan?.includes('SEQ SCAN'),
  ...(plan === undefined ? {} : { plan }),
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's scans, e.g. "Index Scan orders_created_at_id on orders"; a Seq Scan on orders is shouted. */
async function scansOf(runtime: Runtime, query: Compilable): Promise<string> {
  const compiled = query.compile();
  const { rows } = await sql<{ 'QUERY PLAN': { Plan: PlanNode }[] }>`explain (format json) ${sql.raw(
    compiled.sql.replace(/\$(\d+)/g, (_match, index: string) => literal(compiled.parameters[Number(index) - 1])),
  )}`.execute(runtime.deps.db);
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'].includes('Scan') && node['Relation Name']) {
      const type = node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'orders' ? 'SEQ SCAN' : node['Node Type'];
      scans.push(`${type} ${node['Index Name'] ?? ''} on ${node['Relation Name']}`.replace('  ', ' '));
    }
    node.Plans?.forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan);
  return [...new Set(scans)].join('; ');
}

function literal(value: unknown): string {
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The back-office filters measured: every queue, keywords, a status, a month, every sort. */
async function filters(runtime: Runtime): Promise<[string, OrderFilter][]> {
  const sample = await sql<{ order_no: string; email: string }>`
    select o.order_no, u.email from orders o join users u on u.id = o.owner_id where u.email like '%@scale.example.com'
    order by o.id limit 1`.execute(runtime.deps.db);
  const { order_no: orderNo, email } = sample.rows[0]!;
  const counts = await queueCounts(runtime.deps.db);
  return [
    ...ORDER_QUEUES.map((queue): [string, OrderFilter] => [`queue ${queue} (${counts[queue]} orders)`, { queue }]),
    [`keyword: an order number (${orderNo})`, { keyword: orderNo }],
    [`keyword: a payer's email (${email})`, { keyword: email }],
    ['keyword: a name every order has (zhang)', { keyword: 'zhang' }],
    // Email prefixes of about 220 and 2,220 orders: either side of FEW_MATCHES (order-keyword.ts).
    ['keyword: payers payer123* (about 220 orders)', { keyword: 'payer123' }],
    ['keyword: payers payer12* (about 2,220 orders)', { keyword: 'payer12' }],
    ['status filter 4', { status: [4] }],
    ['date filter 2025-12-01..2025-12-31', { created_from: '2025-12-01', created_to: '2025-12-31' }],
    ...ORDER_SORTS.map((sort): [string, OrderFilter] => [`sort ${sort}`, { sort }]),
  ];
}

type Inject = (url: string, token: string, body?: unknown) => Promise<{ data: { next_page_url?: string | null } }>;

const injector =
  (app: FastifyInstance): Inject =>
  async (url, token, body) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<{ data: { next_page_url?: string | null } }>();
  };

/** The payer's reads and every back-office list, first page and the tenth, each with its plan. */
export async function listFigures(
  runtime: Runtime,
  app: FastifyInstance,
  payerToken: string,
  adminToken: string,
  orders: number,
  figures: { push(...measured: Figure[]): void },
): Promise<void> {
  const call = injector(app);
  const own = await sql<{ id: string; count: string }>`
    select id, count(*) over () as count from orders where owner_id = (select id from users where email = 'payer@example.com') limit 200`.execute(
    runtime.deps.db,
  );
  let next = 0;
  figures.push(
    latencyFigure(
      `order/find (payer's order, of ${orders})`,
      await latencies(async () => void (await call('/api/v1/step/order/find', payerToken, { id: own.rows[next++ % own.rows.length]!.id }))),
    ),
  );
  figures.push(
    latencyFigure(
      `order/findOrders (a payer with ${own.rows[0]!.count} orders)`,
      await latencies(async () => void (await call('/api/v1/step/order/findOrders', payerToken))),
    ),
  );
  for (const [name, filter] of await filters(runtime)) {
    const search = await keywordSearchOf(runtime.deps.db, filter.keyword);
    const plan = await scansOf(runtime, orderPageQuery(runtime.deps.db, 'order', filter, search, null));
    figures.push(
      latencyFigure(
        `manage/orders ${name}, page 1`,
        await latencies(() => call('/api/v1/manage/orders', adminToken, filter).then(() => undefined)),
        plan,
      ),
    );
    let url: string | null | undefined = '/api/v1/manage/orders';
    for (let page = 1; page < 10 && url; page += 1) url = (await call(url, adminToken, filter)).data.next_page_url;
    if (!url) continue;
    const later = url;
    const cursor = decodeCursor(new URL(later, 'http://x').searchParams.get('cursor') ?? undefined);
    const laterPlan = await scansOf(runtime, orderPageQuery(runtime.deps.db, 'order', filter, search, cursor));
    figures.push(
      latencyFigure(
        `manage/orders ${name}, page 10`,
        await latencies(() => call(later, adminToken, filter).then(() => undefined)),
        laterPlan,
      ),
    );
  }
}

/** The CSV export of about 100,000 orders (the newest days holding as many), with the peak RSS while it runs. */
export async function exportFigure(runtime: Runtime, orders: number): Promise<Figure> {
  const days = Math.min(366, Math.ceil((365 * 100_000) / orders));
  const from = new Date(Date.parse('2026-01-15') - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const filter: OrderFilter = { created_from: from, created_to: '2026-01-15' };
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let lines = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 10) lines += 1;
      done();
    },
  });
  const started = performance.now();
  await pipeline(orderExportStream(runtime.deps.db, filter, 'csv', ADMIN, 'zh-CN'), sink);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const growth = mb(peak - before);
  return {
    name: `export.csv of ${lines - 1} orders (${from}..2026-01-15)`,
    value: `${seconds.toFixed(1)} s, RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${growth} MB)`,
    // Flat: a page of rows and the collector's slack; 100,000 rows held at once would be several times it.
    target: 'flat: + < 128 MB',
    pass: growth < 128,
  };
}

interface ChildRun {
  readonly output: string;
  readonly peakRssMb: number;
  readonly seconds: number;
  readonly code: number | null;
}

/**
 * Runs a command in a child process group of its own (npm's scripts run as its children), its peak
 * RSS read from /proc while it runs; `until` ends it, the whole group, once the output satisfies it.
 */
function runChild(
  command: readonly [string, ...string[]],
  env: Record<string, string>,
  until?: (output: string) => Promise<boolean>,
): Promise<ChildRun> {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let peak = 0;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const sample = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // gone already
    }
  };
  const sampler = setInterval(sample, 100);
  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      sample();
      clearInterval(sampler);
      resolve({ output, peakRssMb: Math.round(peak), seconds: (performance.now() - started) / 1000, code });
    };
    child.on('exit', (code) => finish(code));
    if (until) {
      const poll = setInterval(() => {
        void until(output).then((ready) => {
          if (!ready || done) return;
          clearInterval(poll);
          finish(0);
          process.kill(-child.pid!, 'SIGTERM');
        });
      }, 50);
      child.on('exit', () => clearInterval(poll));
    }
  });
}

/** Whether the server the output names answers /healthz with 200. */
async function healthy(output: string): Promise<boolean> {
  const match = /Server listening at (http:\/\/[^\s",]+)/.exec(output);
  if (!match) return false;
  try {
    return (await fetch(`${match[1]}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** `npm start` until /healthz answers 200, or `audit:verify` over the whole store. */
export async function childFigures(env: Record<string, string>, what: 'start' | 'verify'): Promise<Figure[]> {
  if (what === 'start') {
    // `npm start` itself: its prestart builds the server (dist/server), then node runs the build.
    const run = await runChild(['npm', 'start'], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, healthy);
    const ok = run.code === 0;
    return [
      {
        name: 'npm start until /healthz answers 200',
        value: ok ? `${run.seconds.toFixed(1)} s` : `did not start: ${run.output.slice(-300)}`,
        target: '< 10 s',
        pass: ok && run.seconds < 10,
      },
    ];
  }
  const run = await runChild([process.execPath, '--import', 'tsx', 'scripts/audit.ts', 'verify'], { ...env, LOG_LEVEL: 'silent' });
  const summary = /(\d+) events in (\d+) streams.*?(\d+) orders replayed.*?in (\d+) ms \((\d+) events\/s\)/.exec(run.output);
  const passed = run.output.includes('Verification passed.');
  return [
    {
      name: `audit:verify ${passed ? '(passed)' : '(FAILED: see output)'}`,
      value: summary
        ? `${summary[1]} events, ${summary[3]} orders, ${summary[5]} events/s, ${(Number(summary[4]) / 1000).toFixed(0)} s`
        : run.output.slice(-300),
      target: 'info',
      pass: null,
    },
    { name: 'audit:verify peak RSS', value: `${run.peakRssMb} MB`, target: '< 512 MB (bounded)', pass: run.peakRssMb < 512 },
  ];
}

const tableRow = (figure: Figure) =>
  `| ${figure.name} | ${figure.value} | ${figure.target} | ${figure.pass === null ? '-' : figure.pass ? 'PASS' : 'FALLS SHORT'} |`;

/** A figure as soon as it is measured: a run stopped half way keeps what it measured. */
export const printFigure = (figure: Figure): void => console.info(`  ${tableRow(figure)}`);

/** The table: each figure, its target, PASS / FALLS SHORT, and the scans of its plan. */
export function figureTable(figures: readonly Figure[], title: string): void {
  console.info(`\n${title}\n`);
  console.info('| figure | value | target | result |\n| --- | --- | --- | --- |');
  for (const figure of figures) console.info(tableRow(figure));
  console.info('\nQuery plans (scans):');
  for (const figure of figures) if (figure.plan !== undefined) console.info(`- ${figure.name}: ${figure.plan}`);
}
