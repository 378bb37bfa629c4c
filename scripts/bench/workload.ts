/**
 * What `npm run bench` and `npm run bench:profile` share: a signed-in payer's calls over undici,
 * a workload of many clients timed slice by slice, and the reference data the CRUD service keeps.
 */
import { performance } from 'node:perf_hooks';
import type { Pool as HttpPool } from 'undici';
import type { PayeeCurrency } from '../../src/domain/index.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openRuntime } from '../../src/runtime.js';
import { createFreshPostgresDatabase } from '../../tests/eventstore/helpers/fresh-postgres.js';
import { createCrudTables, startCrudBaseline, type CrudBaseline, type CrudReference } from './crud-baseline.js';
import type pg from 'pg';
import { tokenSettings } from '../../src/api/auth/authenticate.js';
import { openSession } from '../../src/api/auth/sessions.js';
import { createTokenVerifier } from '../../src/api/auth/tokens.js';
import { percentile } from './report.js';

/**
 * POSTs to the API as a signed-in payer through undici's pool, kept alive, one connection per
 * client: the global fetch costs the shared CPU several times what a hello-world route does, and
 * would measure itself.
 */
export const caller = (http: HttpPool, token: string) => async (route: string, body: unknown) => {
  const response = await http.request({
    path: `/api/v1${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${route} answered ${response.statusCode}: ${text}`);
  return JSON.parse(text) as { data: { id: string } };
};

/** Concurrent clients of a workload: 16 unless BENCH_CLIENTS says otherwise. */
export const BENCH_CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 16);

export type Call = ReturnType<typeof caller>;

export class Workload {
  calls = 0;
  ms = 0;
  readonly latencies: number[] = [];
  constructor(
    readonly step: (client: number) => Promise<void>,
    readonly clients = BENCH_CLIENTS,
  ) {}
  async slice(seconds: number): Promise<void> {
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: this.clients }, async (_, client) => {
        while (performance.now() < deadline) {
          const at = performance.now();
          await this.step(client);
          this.latencies.push(performance.now() - at);
          this.calls += 1;
        }
      }),
    );
    this.ms += performance.now() - started;
  }
  /** Runs the clients until `stopped` settles (not counted in the figures: a background load). */
  async until(stopped: Promise<void>): Promise<void> {
    let running = true;
    void stopped.finally(() => (running = false));
    await Promise.all(
      Array.from({ length: this.clients }, async (_, client) => {
        while (running) await this.step(client);
      }),
    );
  }
  get perSecond(): number {
    return this.calls / (this.ms / 1000);
  }
  percentile(p: number): number {
    return percentile(this.latencies, p);
  }
}

type Runtime = Awaited<ReturnType<typeof openRuntime>>;

/** The institutions and prices as the product's caches hold them, read once for the CRUD service. */
export async function referenceOf(opened: Runtime): Promise<CrudReference> {
  const resources = await opened.deps.db.selectFrom('resources').select(['id', 'name', 'currency']).execute();
  const currencies = [...new Set(resources.map((resource) => resource.currency as PayeeCurrency))];
  const prices = await Promise.all(
    currencies.map(async (currency) => {
      const [rate, markup] = await Promise.all([opened.deps.rates.baseRate(currency), opened.deps.reference.markup(currency)]);
      return [currency, { rate, markup }] as const;
    }),
  );
  return {
    resources: new Map(resources.map((resource) => [Number(resource.id), { name: resource.name, currency: resource.currency }])),
    prices: new Map(prices),
    paymentDeadlineMs: opened.deps.config.paymentDeadlineMs,
  };
}

/** A session of the demo payer, whose bearer token both services accept. */
export async function demoPayerToken(runtime: Runtime): Promise<{ token: string; payerId: string }> {
  const payer = await runtime.deps.db
    .selectFrom('users')
    .select(['id', 'group', 'sessions_valid_after'])
    .where('email', '=', 'payer@example.com')
    .executeTakeFirstOrThrow();
  return { token: await openSession(runtime.deps, payer), payerId: String(payer.id) };
}

/** The CRUD service on the product's database, verifying the product's tokens. */
export async function startCrudBeside(runtime: Runtime, raw: pg.Pool, connectionString: string, poolSize: number): Promise<CrudBaseline> {
  await createCrudTables(raw);
  const verify = createTokenVerifier(tokenSettings(runtime.deps));
  return startCrudBaseline(connectionString, poolSize, verify, await referenceOf(runtime));
}

/** The product on a fresh PostgreSQL database (BENCH_DATABASE_URL's server), dropped with its data folder on close. */
export async function openBenchRuntime(tmpPrefix: string): Promise<{ connectionString: string; runtime: Runtime; close(): Promise<void> }> {
  const fresh = await createFreshPostgresDatabase(process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dataDir = await mkdtemp(path.join(tmpdir(), tmpPrefix));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.connectionString,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://localhost',
  });
  const runtime = await openRuntime(config, { demoPartnerOrders: false, backgroundThreads: true });
  return {
    connectionString: fresh.connectionString,
    runtime,
    async close() {
      await runtime.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
