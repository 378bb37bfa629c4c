import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { openSession } from '../../src/api/auth/sessions.js';
import { loadConfig } from '../../src/config.js';
import { openRuntime } from '../../src/runtime.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { filePart, multipartBody, SAMPLE_FILES, type FormPart } from './support/fixtures.js';
import { runCommand } from './support/server-process.js';
import { ENGINES } from './support/test-app.js';

/** Whose answers are compared: the order's owner, an admin and an auditor. */
type Who = 'payer' | 'admin' | 'auditor';
const GROUP_OF: Record<Who, number> = { payer: 0, admin: 1, auditor: 2 };
type Call = (url: string, body: unknown, who: Who) => Promise<unknown>;
type Upload = (parts: readonly FormPart[], who: Who) => Promise<{ status: number }>;

/**
 * The real server code over a store on disk (the embedded PGlite folder of DATA_DIR, or
 * PostgreSQL with DATABASE_URL), opened as `npm start` opens it, and closed again afterwards so
 * that `npm run projections:rebuild` can open it as an operator does with the server stopped.
 */
async function withServer<T>(env: Record<string, string>, work: (call: Call, upload: Upload) => Promise<T>, users?: Record<Who, number>) {
  const runtime = await openRuntime(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000', ...env }), {
    demoPartnerOrders: false,
  });
  const app = await buildApp(runtime.deps);
  try {
    const ids = users ?? {
      payer: await insertUser(runtime.deps.db, 0),
      admin: await insertUser(runtime.deps.db, 1),
      auditor: await insertUser(runtime.deps.db, 2),
    };
    const tokens = Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([who, id]) => [
          who,
          await openSession(runtime.deps, { id, group: GROUP_OF[who as Who], sessions_valid_after: new Date(0) }),
        ]),
      ),
    ) as Record<Who, string>;
    const call = async (url: string, body: unknown, who: Who) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
        payload: body as Record<string, unknown>,
      });
      return { status: response.statusCode, body: response.json<unknown>() };
    };
    const upload = async (parts: readonly FormPart[], who: Who) => {
      const { payload, contentType } = multipartBody(parts);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/step/order/upload',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${tokens[who]}` },
      });
      return { status: response.statusCode };
    };
    return { result: await work(call, upload), users: ids };
  } finally {
    await app.close();
    await runtime.close();
  }
}

async function insertUser(db: Awaited<ReturnType<typeof openRuntime>>['deps']['db'], group: number): Promise<number> {
  const email = `rebuild-${randomUUID()}@example.com`;
  const row = await db
    .insertInto('users')
    .values({ email, name: email.split('@')[0]!, password_hash: await hash('secret-123-long'), group, sessions_valid_after: new Date(0) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every answer that shows the order's personal data, as each role reads it. */
async function answers(call: Call, id: string) {
  return {
    ownerFind: await call('/api/v1/step/order/find', { id }, 'payer'),
    adminFind: await call('/api/v1/step/order/find', { id }, 'admin'),
    auditorFind: await call('/api/v1/step/order/find', { id }, 'auditor'),
    findOrders: await call('/api/v1/step/order/findOrders', {}, 'payer'),
    manageOrders: await call('/api/v1/manage/orders', {}, 'admin'),
    manageOrdersAuditor: await call('/api/v1/manage/orders', {}, 'auditor'),
    manageSearch: await call('/api/v1/manage/orders', { search: '王' }, 'admin'),
    adminHistory: await call('/api/v1/audit/order/history', { id }, 'admin'),
    auditorHistory: await call('/api/v1/audit/order/history', { id }, 'auditor'),
  };
}

/** An npm script of the project as an operator runs it, with only this environment. */
const npmRun = (env: Record<string, string>, script: string, ...args: string[]) =>
  runCommand('npm', ['run', '--silent', script, ...args], { ...env, LOG_LEVEL: 'silent', HOME: process.env['HOME'] ?? '/tmp' });

describe.each(ENGINES)('npm run projections:rebuild on %s', (engine) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('rebuilds a store with personal data into read tables whose every answer equals the one before, and after an erasure verifies with the file erased', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rebuild-cli-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (engine === 'postgres') {
      const fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
      cleanups.push(() => fresh.drop());
      env['DATABASE_URL'] = fresh.connectionString;
    }
    const payer = { ...PAYER, student_last_name: '王', student_first_name: '小明', payer_last_name: '王', payer_first_name: '大明' };
    const written = await withServer(env, async (call, upload) => {
      const created = (await call('/api/v1/step/amount/create', { resource: 996, amount: 5000 }, 'payer')) as {
        body: { data: { id: string } };
      };
      const id = created.body.data.id;
      expect(await call('/api/v1/step/accept/update', { id, ...ACCOUNT }, 'payer')).toMatchObject({ status: 200 });
      expect(await call('/api/v1/step/send/update', { id, ...payer }, 'payer')).toMatchObject({ status: 200 });
      expect(await call('/api/v1/step/check/update', { id }, 'payer')).toMatchObject({ status: 200 });
      expect(await call('/api/v1/step/pay/update', { id, bank: 3 }, 'payer')).toMatchObject({ status: 200 });
      expect(await upload([{ name: 'id', value: id }, filePart('passport-wang-xiaoming.pdf', SAMPLE_FILES.pdf())], 'payer')).toMatchObject({
        status: 200,
      });
      const before = await answers(call, id);
      return { id, before };
    });
    const { id, before } = written.result;
    expect(before.ownerFind).toMatchObject({ status: 200, body: { data: { student_last_name: '王', payer_phone: PAYER.payer_phone } } });
    expect(JSON.stringify(before)).not.toContain('pii1:');

    const rebuilt = await npmRun(env, 'projections:rebuild');
    expect(rebuilt.output).toMatch(/Rebuilt the order projections from \d+ events/);
    expect(rebuilt.code).toBe(0);

    const after = await withServer(env, (call) => answers(call, id), written.users);
    expect(after.result).toEqual(before);
    expect(JSON.stringify(after.result)).not.toContain('pii1:');

    // Erased from the command line: the verification passes and says the file is erased, before and after another rebuild.
    expect(await npmRun(env, 'privacy:erase', '--', String(written.users.payer))).toMatchObject({ code: 0 });
    for (const step of ['verify', 'rebuild', 'verify'] as const) {
      if (step === 'rebuild') {
        expect(await npmRun(env, 'projections:rebuild')).toMatchObject({ code: 0 });
        continue;
      }
      const verified = await npmRun(env, 'audit:verify');
      expect(verified.output).toMatch(/0 files hashed, 1 erased/);
      expect(verified.output).toContain('Verification passed.');
      expect(verified.code).toBe(0);
    }
    const erased = await withServer(env, (call) => call('/api/v1/step/order/find', { id }, 'admin'), written.users);
    expect(erased.result).toMatchObject({ status: 200, body: { data: { student_last_name: '[erased]', payer_phone: '[erased]' } } });
  }, 180_000);
});
