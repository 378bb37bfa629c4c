import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNotifierThread } from '../../src/api/notifications/notifier-thread.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/runtime.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';

const FAST = { intervalMs: 40, sendTimeoutMs: 400, maxAttempts: 2, retryMs: 60_000 };
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

const kindsOf = async (t: TestApp, user: TestUser) =>
  dataOf<{ items: { kind: string }[] }>(await t.post('/api/v1/notifications', {}, user.token), 'notifications').items.map(
    (item) => item.kind,
  );

/** The outbox's mails to `to`, read without giving the event loop a turn. */
const mailsTo = (outbox: string, to: string): string[] => {
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(path.join(outbox, name), 'utf8')).filter((raw) => raw.includes(`To: ${to}`));
};

describe.each(ENGINES)('the notifier asked onto a thread of its own, on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine, { notifier: FAST, backgroundThreads: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the payer in the app and by mail', async () => {
    const payer = await t.createUser();
    await orderInStatus(t, payer, 1);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['order_confirmed']));
    // On its thread it mails through the configured mailer (the outbox); on PGlite, the test's.
    if (engine === 'postgres') await eventually(async () => expect(mailsTo(path.join(t.dataDir, 'outbox'), payer.email)).toHaveLength(1));
    else await eventually(async () => expect(t.mail.filter((mail) => mail.to === payer.email)).toHaveLength(1));
  });

  it.runIf(engine === 'postgres' && process.platform === 'linux')('runs at the lowest CPU priority, the requests at theirs', async () => {
    const niceOf = (threadId: string) => {
      try {
        return getPriority(Number(threadId));
      } catch {
        return undefined; // a thread that ended meanwhile
      }
    };
    await vi.waitFor(() => expect(readdirSync('/proc/self/task').map(niceOf)).toContain(19), { timeout: 15_000, interval: 50 });
    expect(getPriority()).toBe(0);
  });

  it.runIf(engine === 'postgres')('tells and mails while the main thread never gives its event loop a turn', async () => {
    const payer = await t.createUser();
    await orderInStatus(t, payer, 1);
    // Held from the confirm's answer on: on the main thread the notifier could not take one step
    // (the thread finds the event by the append's NOTIFY, or else at its next poll).
    const outbox = path.join(t.dataDir, 'outbox');
    const started = Date.now();
    let mails: string[] = [];
    while (mails.length === 0 && Date.now() - started < 15_000) mails = mailsTo(outbox, payer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject:');
    expect(await kindsOf(t, payer)).toEqual(['order_confirmed']);
  });
});

describe.runIf(TEST_DATABASE_URL)('the notifier thread, when its database is not there', () => {
  it('reports the failure, and starts once the database is there', async () => {
    const fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
    await fresh.drop();
    const config = loadConfig({ DATA_DIR: '/tmp/notifier-thread-unused', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000' });
    const database = { kind: 'postgres', connectionString: fresh.connectionString } as const;
    const failures: unknown[] = [];
    const thread = createNotifierThread(
      { config, database, options: FAST },
      () => 'http://localhost:3000',
      (error) => failures.push(error),
    );
    try {
      await thread.start();
      expect(failures.length).toBeGreaterThan(0);
      expect(String(failures[0])).toMatch(/does not exist/);

      const name = new URL(fresh.connectionString).pathname.slice(1);
      await createFreshPostgresDatabase(TEST_DATABASE_URL!, name);
      const migrated = await openDatabase(config, database);
      try {
        // Started again a second after each failure, it saves its first checkpoint once it runs.
        await eventually(async () => {
          const row = await migrated.db
            .selectFrom('projection_checkpoints')
            .select('name')
            .where('name', '=', 'notifier')
            .executeTakeFirst();
          expect(row).toBeDefined();
        });
      } finally {
        await thread.close();
        await migrated.close();
      }
    } finally {
      await thread.close();
      await fresh.drop();
    }
  });
});

if (!TEST_DATABASE_URL) console.info('the notifier on a thread of its own: skipped on PostgreSQL: TEST_DATABASE_URL not set');
