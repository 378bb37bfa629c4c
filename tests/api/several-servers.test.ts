import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, createPostgresEventStore, type EventStoreTables } from '../../eventstore/postgres/index.js';
import { withHashChain } from '../../eventstore/chain/index.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';
import { appendOrderCreatedOutside } from './support/outside-append.js';
import { postJson as post, startServer, type ServerProcess } from './support/server-process.js';

const SECRETS = {
  JWT_SECRET: 'jwt-secret-shared-by-every-server-0123456789',
  WEBHOOK_SECRET: 'webhook-secret-shared-with-the-provider-0123',
  PARTNER_SECRET: 'partner-secret-shared-with-the-partners-0123',
};

/**
 * Three server processes on one PostgreSQL database behave as one service: a write through one is
 * read through the others at once; exactly one leads the projections (and the sweeper), and when it
 * dies another takes over within seconds; login limits count across processes.
 */
describe.skipIf(!TEST_DATABASE_URL)('three server processes on one PostgreSQL', () => {
  let database: FreshPostgresDatabase;
  let dataDir: string;
  let client: pg.Client;
  const servers: ServerProcess[] = [];

  // This database's only: a server of another database on the same cluster leads there.
  const leaders = async (name: string) =>
    (
      await client.query<{ application_name: string }>(
        `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.granted and a.application_name like $1 and a.datname = current_database()`,
        [`overseas-pay leader ${name} %`],
      )
    ).rows.map((row) => Number(row.application_name.split(' ').at(-1)));

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'several-'));
    const env = { ...SECRETS, DATABASE_URL: database.connectionString, DATA_DIR: dataDir, SWEEP_INTERVAL_SECONDS: '1', LOG_LEVEL: 'info' };
    servers.push(await startServer(env));
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads through any process what another wrote, and counts login attempts across processes', async () => {
    const session = (
      await (await post(`${servers[0]!.url}/api/v1/auth/login`, { email: 'payer@example.com', password: 'payer-demo-2026' })).json()
    ).data;
    const created = await (
      await post(`${servers[0]!.url}/api/v1/step/amount/create`, { resource: 1004, amount: '5000' }, session.access_token)
    ).json();
    for (const server of servers.slice(1)) {
      const found = await post(`${server.url}/api/v1/step/order/find`, { id: created.data.id }, session.access_token);
      expect(found.status).toBe(200);
    }
    // Ten tries per account and address a minute, wherever they land.
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(`${servers[index % 3]!.url}/api/v1/auth/login`, { email: 'admin@example.com', password: 'not-the-password' }).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(tries.filter((status) => status === 429)).toHaveLength(2);
  });

  it('has one leader of the projections and of the sweeper; when it dies another takes over and projects', async () => {
    await vi.waitFor(async () => expect(await leaders('projections')).toHaveLength(1), { timeout: 10_000 });
    expect(await leaders('deadline-sweeper')).toHaveLength(1);
    const leaderPid = (await leaders('projections'))[0]!;
    const leader = servers.find((server) => server.child.pid === leaderPid)!;
    expect(leader).toBeDefined();
    leader.child.kill('SIGKILL');
    await leader.exited;
    servers.splice(servers.indexOf(leader), 1);
    await vi.waitFor(async () => expect((await leaders('projections')).filter((pid) => pid !== leaderPid)).toHaveLength(1), {
      timeout: 10_000,
      interval: 200,
    });

    // An event appended outside any server (no command projects it): only the new leader can.
    const db = await createDatabase<EventStoreTables>({ kind: 'postgres', connectionString: database.connectionString, poolSize: 1 });
    try {
      const store = withHashChain(createPostgresEventStore({ database: db }));
      const id = randomUUID();
      await appendOrderCreatedOutside(store, id, '');
      await vi.waitFor(async () => expect((await client.query('select 1 from orders where id = $1', [id])).rowCount).toBe(1), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await db.close();
    }
  }, 60_000);
});
