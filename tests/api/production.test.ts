import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { announceListening } from '../../src/api/announce.js';
import { hash } from '@node-rs/argon2';
import { DEMO_ACCOUNTS, DEMO_ADMIN, lockPublishedDemoLogins } from '../../src/api/seed.js';
import { postJson as post, runTs, startServer } from './support/server-process.js';
import { ENGINES, startTestApp } from './support/test-app.js';
import { JWT_SECRET, PARTNER_SECRET, PRODUCTION_REQUIRED, WEBHOOK_SECRET, productionEnv } from './support/production-env.js';
import { freshDataDirs } from './support/data-dirs.js';

const ADMIN_PASSWORD = 'first-admin-password-2026';
const PRODUCTION_ENV = productionEnv();

describe.each(ENGINES)('the production seed on %s', (engine) => {
  it('holds the reference data and no demo account', async () => {
    const t = await startTestApp(engine, { env: PRODUCTION_ENV });
    try {
      const emails = DEMO_ACCOUNTS.map((account) => account.email);
      expect(await t.deps.db.selectFrom('users').select('email').where('email', 'in', emails).execute()).toEqual([]);
      expect((await t.deps.db.selectFrom('resources').select('id').execute()).length).toBeGreaterThan(0);
      expect((await t.post('/api/v1/public/findNotice')).json().data).not.toBe('');
    } finally {
      await t.close();
    }
  });
});

describe('the production announcement', () => {
  it('warns about demo accounts left from a demo start, without their passwords', async () => {
    const t = await startTestApp('pglite');
    try {
      const messages: string[] = [];
      const log = {
        print: (line: string) => messages.push(line),
        warn: (_details: object, message: string) => messages.push(message),
      };
      await announceListening(log, { ...t.deps, config: { ...t.deps.config, production: true } });
      const announced = messages.join('\n');
      expect(announced).toContain('Overseas Pay is running at http://localhost:3000');
      for (const account of DEMO_ACCOUNTS) {
        expect(announced).toContain(`The demo account ${account.email} exists in this production database`);
        expect(announced).not.toContain(account.password);
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(ENGINES)('demo logins left in a production database on %s', (engine) => {
  it('stop working with their published password; a password an operator chose is kept', async () => {
    const t = await startTestApp(engine);
    try {
      const [admin, payer] = DEMO_ACCOUNTS;
      await t.deps.db
        .updateTable('users')
        .set({ password_hash: await hash('an-operator-chose-this') })
        .where('email', '=', payer.email)
        .execute();
      expect(await lockPublishedDemoLogins(t.deps.db, t.clock.now())).toEqual(
        DEMO_ACCOUNTS.filter((account) => account !== payer).map((account) => account.email),
      );
      expect((await t.post('/api/v1/auth/login', { email: admin.email, password: admin.password })).statusCode).toBe(422);
      expect((await t.post('/api/v1/auth/login', { email: payer.email, password: 'an-operator-chose-this' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('NODE_ENV=production', () => {
  const freshDataDir = freshDataDirs('pay-production-');

  it('refuses to start without what it cannot default, naming every missing variable at once', async () => {
    const run = await runTs('src/main.ts', [], { NODE_ENV: 'production', DATA_DIR: await freshDataDir(), PORT: '0' });
    expect(run.code).toBe(1);
    for (const variable of PRODUCTION_REQUIRED) {
      expect(run.output).toContain(`${variable}: required when NODE_ENV=production`);
    }
  });

  it('seeds no demo login and prints no secret; the first admin comes from user:create-admin', async () => {
    const dataDir = await freshDataDir();
    const env = { ...PRODUCTION_ENV, DATA_DIR: dataDir };

    const first = await startServer(env);
    try {
      for (const account of DEMO_ACCOUNTS) {
        expect((await post(`${first.url}/api/v1/auth/login`, { email: account.email, password: account.password })).status).toBe(422);
      }
      // The reference data is seeded in production too.
      expect((await (await post(`${first.url}/api/v1/public/resources`, { options: true })).json()).data.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(first.output()).toContain('Overseas Pay is running at https://pay.example.com'), { timeout: 15_000 });
      expect(first.output()).toContain('PAYMENT_GATEWAY=sandbox in production');
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    for (const secret of [JWT_SECRET, WEBHOOK_SECRET, PARTNER_SECRET, ...DEMO_ACCOUNTS.map((account) => account.password)])
      expect(first.output()).not.toContain(secret);
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false);

    const created = await runTs('scripts/create-admin.ts', ['root@pay.example.com'], { ...env, ADMIN_PASSWORD });
    expect(created.code, created.output).toBe(0);

    const second = await startServer(env);
    try {
      const login = await post(`${second.url}/api/v1/auth/login`, { email: 'root@pay.example.com', password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      expect((await login.json()).data.user.group).toBe(1);
      expect((await post(`${second.url}/api/v1/auth/login`, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).status).toBe(422);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 180_000);
});
