import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/api/app.js';
import { openSession } from '../../../src/api/auth/sessions.js';
import type { AppDeps } from '../../../src/api/deps.js';
import { loadConfig } from '../../../src/config.js';
import { openRuntime, type Runtime, type RuntimeOverrides } from '../../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../../eventstore/helpers/fresh-postgres.js';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (a fresh database per file). */
export const ENGINES: readonly Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!TEST_DATABASE_URL) console.info('API tests on PostgreSQL: skipped: TEST_DATABASE_URL not set (PGlite only)');

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-11-21T10:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
}

export interface SentMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface TestUser {
  readonly id: number;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly runtime: Runtime;
  readonly clock: TestClock;
  readonly mail: SentMail[];
  readonly dataDir: string;
  /** A user (group 0 = payer, non-zero = admin) with a valid access token. */
  createUser(options?: { group?: number; email?: string; password?: string }): Promise<TestUser>;
  /** POST JSON through inject, with a bearer token when given. */
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Builds the real application over a fresh database: PGlite in memory, or a new Postgres database.
 * `env` adds to the configuration's environment; `app` to the Fastify options (a logger, say).
 */
export async function startTestApp(
  engine: Engine,
  overrides: RuntimeOverrides & {
    env?: Record<string, string>;
    app?: FastifyServerOptions;
    /** PGlite keeps its data in the data folder (DATA_DIR/pglite), as `npm start` does, instead of in memory. */
    onDisk?: boolean;
    /** This data folder instead of a new one (removed on close all the same). */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'pay-test-')));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000', ...overrides.env });
  const cleanups: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  let database: RuntimeOverrides['database'];
  if (engine === 'pglite' && overrides.onDisk) {
    database = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  } else if (engine === 'pglite') {
    const pglite = await PGlite.create();
    cleanups.push(() => pglite.close());
    database = { kind: 'pglite-instance', pglite };
  } else {
    const fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    cleanups.push(() => fresh.drop());
    database = { kind: 'postgres', connectionString: fresh.connectionString };
  }
  const clock = overrides.clock instanceof TestClock ? overrides.clock : new TestClock();
  const mail: SentMail[] = [];
  // The notifier's own thread (PostgreSQL) builds its clock and mailer: the runtime then keeps the
  // system clock and mails to the outbox (DATA_DIR/outbox), and `clock` and `mail` stay unused.
  const ownThread = overrides.backgroundThreads === true && database?.kind === 'postgres';
  const runtime = await openRuntime(config, {
    ...(ownThread ? {} : { mailer: { send: async (message: SentMail) => void mail.push(message) } }),
    demoPartnerOrders: false,
    ...overrides,
    ...(ownThread ? {} : { clock }),
    database,
  });
  const app = await buildApp(runtime.deps, overrides.app);
  await app.ready();

  return {
    app,
    deps: runtime.deps,
    runtime,
    clock,
    mail,
    dataDir,
    async createUser(options = {}) {
      const email = options.email ?? `user-${randomUUID()}@example.com`;
      const password = options.password ?? 'secret-123';
      const user = await runtime.deps.db
        .insertInto('users')
        .values({
          email,
          name: email.split('@')[0]!,
          password_hash: await hash(password),
          group: options.group ?? 0,
          sessions_valid_after: new Date(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await openSession(runtime.deps, { id: user.id, group: options.group ?? 0, sessions_valid_after: new Date(0) });
      return { id: user.id, email, password, token };
    },
    post(url, body = {}, token) {
      return app.inject({
        method: 'POST',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as Record<string, unknown>,
      });
    },
    async close() {
      await app.close();
      await runtime.close();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}
