/**
 * `npm run bench:profile` (issue 25): where a create's time goes. The product and the CRUD service
 * of `npm run bench` each take 16 clients creating orders for BENCH_PROFILE_SECONDS (10) while
 * V8's sampling profiler runs in this process (server, CRUD service and the bench's client share
 * its one thread) and the PostgreSQL backends' CPU is read from /proc. It prints, per create, the
 * Node CPU of each part of the stack (scripts/bench/cpu-shares.ts) and the database's CPU, for both.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { buildApp } from '../src/api/app.js';
import { cpuShares, type CpuProfile } from './bench/cpu-shares.js';
import { caller, demoPayerToken, startCrudBeside, Workload, type Call, openBenchRuntime } from './bench/workload.js';

const SECONDS = Number(process.env['BENCH_PROFILE_SECONDS'] ?? 10);
/** Where to save both profiles (`product.cpuprofile`, `crud.cpuprofile`) for Chrome's DevTools, if set. */
const PROFILE_DIR = process.env['BENCH_PROFILE_DIR'];
/** Linux's USER_HZ: /proc's CPU times are in hundredths of a second. */
const TICKS_PER_SECOND = 100;

interface Profiled {
  readonly creates: number;
  readonly perSecond: number;
  readonly p99: number;
  readonly shares: Map<string, number>;
  readonly databaseMs: number;
  readonly wallMs: number;
}

/** CPU ticks each of the database's backends has used, read from /proc (the server is on this machine). */
async function backendTicks(raw: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await raw.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
  }
  return ticks;
}

/** CPU milliseconds the backends used since `before`; a backend that ended meanwhile is not counted (pools keep theirs). */
function ticksSince(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return (ticks / TICKS_PER_SECOND) * 1000;
}

async function profiled(name: string, session: Session, raw: pg.Pool, post: Call): Promise<Profiled> {
  const body = { resource: 1004, amount: '5000', from: 'bench' };
  const workload = new Workload(async () => void (await post('/step/amount/create', body)));
  await new Workload(workload.step).slice(2); // warm: compiled code and filled caches, not measured
  const databaseBefore = await backendTicks(raw);
  await session.post('Profiler.start');
  await workload.slice(SECONDS);
  const { profile } = await session.post('Profiler.stop');
  const databaseMs = ticksSince(databaseBefore, await backendTicks(raw));
  if (PROFILE_DIR) await writeFile(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  return {
    creates: workload.calls,
    perSecond: workload.perSecond,
    p99: workload.percentile(99),
    shares: cpuShares(profile as unknown as CpuProfile),
    databaseMs,
    wallMs: workload.ms,
  };
}

const micro = (ms: number, calls: number) => `${Math.round((ms / calls) * 1000)} µs`;

function print(product: Profiled, crud: Profiled): void {
  const parts = [...new Set([...product.shares.keys(), ...crud.shares.keys()])].sort(
    (a, b) => (product.shares.get(b) ?? 0) - (product.shares.get(a) ?? 0),
  );
  const total = (p: Profiled) => [...p.shares.values()].reduce((sum, ms) => sum + ms, 0);
  const share = (p: Profiled, part: string) => `${(((p.shares.get(part) ?? 0) / total(p)) * 100).toFixed(1)} %`;
  const rows = parts.map((part) => [
    part,
    micro(product.shares.get(part) ?? 0, product.creates),
    share(product, part),
    micro(crud.shares.get(part) ?? 0, crud.creates),
    share(crud, part),
  ]);
  rows.push(['Node CPU per create, all parts', micro(total(product), product.creates), '100 %', micro(total(crud), crud.creates), '100 %']);
  rows.push([
    'PostgreSQL backends CPU per create',
    micro(product.databaseMs, product.creates),
    '',
    micro(crud.databaseMs, crud.creates),
    '',
  ]);
  rows.push([
    'creates/s, p99',
    `${Math.round(product.perSecond)}/s, ${product.p99.toFixed(1)} ms`,
    '',
    `${Math.round(crud.perSecond)}/s, ${crud.p99.toFixed(1)} ms`,
    '',
  ]);
  console.log(`\nWhere a create's time goes: ${SECONDS} s of 16 clients each, Node CPU sampled in this one process\n`);
  console.log('| part | product per create | share | CRUD service per create | share |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\n(The Node thread was busy ${((total(product) / product.wallMs) * 100).toFixed(0)} % of the product's run and ${((total(crud) / crud.wallMs) * 100).toFixed(0)} % of the CRUD service's.)`,
  );
}

const bench = await openBenchRuntime('bench-profile-');
const { runtime, connectionString } = bench;
const app = await buildApp(runtime.deps);
const raw = new pg.Pool({ connectionString: connectionString, max: 2 });
const session = new Session();
session.connect();
const closers: (() => Promise<unknown>)[] = [];
try {
  const { token } = await demoPayerToken(runtime);
  const http = new HttpPool(await app.listen({ port: 0, host: '127.0.0.1' }), { connections: 16 });
  closers.push(() => http.close());
  const crud = await startCrudBeside(runtime, raw, connectionString, 10);
  closers.push(() => crud.close());
  const crudHttp = new HttpPool(crud.url, { connections: 16 });
  closers.push(() => crudHttp.close());
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const crudFigures = await profiled('crud', session, raw, caller(crudHttp, token));
  const productFigures = await profiled('product', session, raw, caller(http, token));
  print(productFigures, crudFigures);
} finally {
  session.disconnect();
  for (const close of closers.reverse()) await close();
  await app.close();
  await raw.end();
  await bench.close();
}
