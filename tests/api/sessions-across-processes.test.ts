import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { loadConfig } from '../../src/config.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';

/**
 * Two server processes (two runtimes, each with its own pool, caches and LISTEN connection) on one
 * PostgreSQL database: a session ended through one is refused by the other at once, although the
 * other had it cached a moment before (the sessions_changed NOTIFY empties its cache).
 */
describe.skipIf(!TEST_DATABASE_URL)('sessions across two processes on one PostgreSQL', () => {
  let database: FreshPostgresDatabase;
  let dataDir: string;
  const servers: { runtime: Runtime; app: FastifyInstance }[] = [];

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'sessions-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      JWT_SECRET: 'jwt-secret-shared-by-every-server-0123456789',
    });
    for (let i = 0; i < 2; i++) {
      const runtime = await openRuntime(config, {
        database: { kind: 'postgres', connectionString: database.connectionString },
        demoPartnerOrders: false,
      });
      servers.push({ runtime, app: await buildApp(runtime.deps) });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app, runtime } of servers) {
      await app.close();
      await runtime.close();
    }
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (server: number, url: string, body: Record<string, unknown>, token?: string) =>
    servers[server]!.app.inject({ method: 'POST', url, payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const login = async (server: number) =>
    (await post(server, '/api/v1/auth/login', { email: 'payer@example.com', password: 'payer-demo-2026' })).json().data
      .access_token as string;
  /** The other process refuses the token within the time a NOTIFY takes (well under a second). */
  const refusedSoonOn = (server: number, token: string) =>
    vi.waitFor(async () => expect((await post(server, '/api/v1/auth/user', {}, token)).statusCode).toBe(401), {
      timeout: 1_000,
      interval: 10,
    });

  it('a log out on one process ends the token on the other', async () => {
    const token = await login(0);
    expect((await post(1, '/api/v1/auth/user', {}, token)).statusCode).toBe(200);
    expect((await post(0, '/api/v1/auth/logout', {}, token)).statusCode).toBe(200);
    expect((await post(0, '/api/v1/auth/user', {}, token)).statusCode).toBe(401);
    await refusedSoonOn(1, token);
  });

  it('signing out everywhere on one process ends every token on both', async () => {
    const tokens = [await login(0), await login(1)];
    for (const token of tokens)
      for (const server of [0, 1]) expect((await post(server, '/api/v1/auth/user', {}, token)).statusCode).toBe(200);
    expect((await post(1, '/api/v1/auth/logout', { everywhere: true }, tokens[0])).statusCode).toBe(200);
    for (const token of tokens) for (const server of [0, 1]) await refusedSoonOn(server, token);
  });
});
