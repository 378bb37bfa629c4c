import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { DEMO_PAYER } from '../../src/api/seed.js';
import { loadConfig } from '../../src/config.js';
import { openRuntime } from '../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { ROOT, runTs, type ScriptRun } from './support/server-process.js';
import { ENGINES } from './support/test-app.js';

const SCRIPT = 'scripts/create-admin.ts';
const PASSWORD = 'correct-horse-battery';

describe.each(ENGINES)('npm run user:create-admin on %s', (engine) => {
  let env: Record<string, string>;
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pay-admin-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir };
    if (engine === 'postgres') {
      const fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
      cleanups.push(() => fresh.drop());
      env['DATABASE_URL'] = fresh.connectionString;
    }
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  const createAdmin = (args: readonly string[], extra: Record<string, string> = {}): Promise<ScriptRun> =>
    runTs(SCRIPT, args, { ...env, ...extra });

  /** The real application on the same configuration (and so the same database), through inject. */
  async function withApp<T>(use: (app: FastifyInstance) => Promise<T>): Promise<T> {
    const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const app = await buildApp(runtime.deps);
    try {
      return await use(app);
    } finally {
      await app.close();
      await runtime.close();
    }
  }
  const login = (app: FastifyInstance, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  const currentUser = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/user', headers: { authorization: `Bearer ${token}` }, payload: {} });

  it('creates an administrator who logs in as one, and never prints the password', async () => {
    const run = await createAdmin(['Boss@Example.com'], { ADMIN_PASSWORD: PASSWORD });
    expect(run, run.output).toMatchObject({ code: 0 });
    expect(run.output).toContain('Created the administrator boss@example.com (group 1).');
    expect(run.output).not.toContain(PASSWORD);
    // How to enrol a second factor: the web page and the API calls.
    expect(run.output).toContain('/account/security');
    expect(run.output).toContain('POST /api/v1/auth/mfa/totp/setup');
    expect(run.output).toContain('POST /api/v1/auth/mfa/totp/confirm');
    expect(run.output).toContain('POST /api/v1/auth/mfa/passkey/register-options');

    await withApp(async (app) => {
      const answer = await login(app, 'boss@example.com', PASSWORD);
      expect(answer.statusCode, answer.body).toBe(200);
      const { access_token: token, user } = answer.json().data;
      expect(user).toMatchObject({ email: 'boss@example.com', group: 1 });
      expect((await currentUser(app, token)).json().data.group).toBe(1);
    });
  });

  it('makes an existing user an administrator with the new password, ending its earlier sessions', async () => {
    const oldToken = await withApp(
      async (app) => (await login(app, DEMO_PAYER.email, DEMO_PAYER.password)).json().data.access_token as string,
    );

    const run = await createAdmin([DEMO_PAYER.email], { ADMIN_PASSWORD: PASSWORD });
    expect(run, run.output).toMatchObject({ code: 0 });
    expect(run.output).toContain(`Made the existing user ${DEMO_PAYER.email} an administrator (group 1)`);

    await withApp(async (app) => {
      expect((await currentUser(app, oldToken)).statusCode).toBe(401);
      expect((await login(app, DEMO_PAYER.email, DEMO_PAYER.password)).statusCode).toBe(422);
      const answer = await login(app, DEMO_PAYER.email, PASSWORD);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.user.group).toBe(1);
    });
  });

  it('refuses a short password, a password it cannot ask for, and a wrong address, changing nothing', async () => {
    const refusals: [readonly string[], Record<string, string>, RegExp][] = [
      [['short@example.com'], { ADMIN_PASSWORD: 'eleven-char' }, /at least 12 characters \(it has 11\)/],
      [['common@example.com'], { ADMIN_PASSWORD: '1qaz2wsx3edc' }, /on the list of common passwords/],
      [['piped@example.com'], {}, /set ADMIN_PASSWORD, or run this on a terminal/],
      [['not-an-address'], { ADMIN_PASSWORD: PASSWORD }, /not an email address/],
      [[], { ADMIN_PASSWORD: PASSWORD }, /usage: npm run user:create-admin -- EMAIL/],
      [['one@example.com', 'two@example.com'], { ADMIN_PASSWORD: PASSWORD }, /usage/],
    ];
    for (const [args, extra, message] of refusals) {
      const run = await createAdmin(args, extra);
      expect(run.code, run.output).toBe(2);
      expect(run.output).toMatch(message);
    }
    await withApp(async (app) => {
      for (const email of ['short@example.com', 'piped@example.com', 'common@example.com'])
        expect((await login(app, email, 'eleven-char')).statusCode).toBe(422);
    });
  });

  it('refuses to run on a production configuration that is not complete, naming what is missing', async () => {
    const run = await createAdmin(['boss@example.com'], { ADMIN_PASSWORD: PASSWORD, NODE_ENV: 'production' });
    expect(run.code).toBe(2);
    for (const variable of ['PAYMENT_GATEWAY', 'JWT_SECRET', 'WEBHOOK_SECRET', 'PARTNER_SECRET', 'PUBLIC_BASE_URL'])
      expect(run.output).toContain(`${variable}: required`);
  });
});

/** `script` gives the command a terminal of its own (util-linux); without it the prompt cannot be tested. */
const SCRIPT_COMMAND = ['/usr/bin/script', '/bin/script'].find((candidate) => existsSync(candidate));

describe.skipIf(!SCRIPT_COMMAND)('npm run user:create-admin on a terminal', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pay-admin-tty-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Runs the script on a terminal and types each answer once its question shows. */
  async function typeAnswers(email: string, answers: readonly string[]): Promise<ScriptRun> {
    const command = `${process.execPath} --import tsx ${SCRIPT} ${email}`;
    const child = spawn(SCRIPT_COMMAND!, ['-qec', command, '/dev/null'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = new Promise<number | null>((resolve) => child.on('close', resolve));
    const questions = ['Password for the administrator:', 'The same password again:'];
    for (const [index, answer] of answers.entries()) {
      await vi.waitFor(() => expect(output).toContain(questions[index]), { timeout: 30_000 });
      child.stdin.write(`${answer}\r`);
    }
    const result = { code: await code, output };
    child.stdin.end();
    return result;
  }

  it('asks for the password twice without showing it', async () => {
    const run = await typeAnswers('typed@example.com', [PASSWORD, PASSWORD]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Created the administrator typed@example.com');
    expect(run.output).not.toContain(PASSWORD);
  });

  it('changes nothing when the two passwords differ', async () => {
    const run = await typeAnswers('typed@example.com', [PASSWORD, `${PASSWORD}!`]);
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain('the two passwords differ');
    expect(run.output).not.toContain(PASSWORD);
  });
});
