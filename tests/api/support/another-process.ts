import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createDatabase } from '../../../eventstore/postgres/index.js';
import { buildApp } from '../../../src/api/app.js';
import type { AppDeps } from '../../../src/api/deps.js';
import { openEventLog } from '../../../src/api/event-log.js';
import type { DB } from '../../../src/database/schema.js';
import { TEST_DATABASE_URL } from '../../eventstore/helpers/fresh-postgres.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './test-app.js';

export interface AnotherProcess {
  readonly deps: AppDeps;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A second API process over the same PostgreSQL database: its own app, connection pool and
 * event-store instance (it shares the first process's projection runner, which only reads).
 * Real Postgres only: PGlite is one connection in one process.
 */
export async function anotherProcess(t: TestApp): Promise<AnotherProcess> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const database = await createDatabase<DB>({ kind: 'postgres', connectionString: url.toString(), poolSize: 4 });
  const log = await openEventLog({ eventStoreUrl: undefined }, database);
  const { eventStore, storedEvents, keyring } = log;
  const deps: AppDeps = { ...t.deps, db: database.db, eventStore, storedEvents, keyring };
  const app = await buildApp(deps);
  return {
    deps,
    app,
    async close() {
      await app.close();
      await log.close();
      await database.close();
    },
  };
}

/** What a block racing two API processes shares: the app, a signed-in user and the second process. */
export interface RacingProcesses {
  readonly t: TestApp;
  readonly user: TestUser;
  readonly other: AnotherProcess;
}

/**
 * Registers the hooks of a block whose tests race two API processes over one PostgreSQL database:
 * the app and a user of `group` before its tests, the second process beside them, all closed after.
 * The fields are filled in as the block starts: read them inside its tests.
 */
export function racingProcesses(group: number): RacingProcesses {
  const racing = {} as { t: TestApp; user: TestUser; other: AnotherProcess };
  beforeAll(async () => {
    racing.t = await startTestApp('postgres');
    racing.user = await racing.t.createUser({ group });
    racing.other = await anotherProcess(racing.t);
  });
  afterAll(async () => {
    await racing.other?.close();
    await racing.t?.close();
  });
  return racing;
}
