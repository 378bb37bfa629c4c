import { textOfMail } from './support/mail-text.js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PAYER } from '../../src/api/seed.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { EUR_RESOURCE } from './support/fixtures.js';
import { postJson as post, startServer } from './support/server-process.js';
import { freshDataDirs } from './support/data-dirs.js';

const dataOf = async <T>(response: Response): Promise<T> => {
  const body = (await response.json()) as { data: T };
  if (response.status !== 200) throw new Error(`answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
};

/** The text of the only mail in the outbox, once it is written (the reset mail is sent in the background). */
async function onlyMail(outbox: string): Promise<string> {
  const files = await vi.waitFor(
    async () => {
      // A mail appears whole under its .eml name (it is written under a hidden name first).
      const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
      expect(names).toHaveLength(1);
      return names;
    },
    { timeout: 15_000 },
  );
  return textOfMail(await readFile(path.join(outbox, files[0]!), 'utf8'));
}

describe('npm start', () => {
  const freshDataDir = freshDataDirs('pay-start-');

  it('starts embedded, seeds once, keeps its secret, and shuts down gracefully', async () => {
    const dataDir = await freshDataDir();

    const first = await startServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({
      status: 'ok',
      database: 'ok',
      eventStore: 'ok',
      projections: 'ok',
    });
    const login = await post(`${first.url}/api/v1/auth/login`, { email: DEMO_PAYER.email, password: DEMO_PAYER.password });
    expect(login.status).toBe(200);
    const token = (await login.json()).data.access_token as string;
    const institutions = (await (await post(`${first.url}/api/v1/public/resources`, { options: true })).json()).data.length;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect((await readFile(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).trim().length).toBeGreaterThanOrEqual(32);

    const second = await startServer({ DATA_DIR: dataDir });
    expect((await (await post(`${second.url}/api/v1/public/resources`, { options: true })).json()).data.length).toBe(institutions);
    expect((await post(`${second.url}/api/v1/step/order/findOrders`, {}, token)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('says where to open it and how to log in to the demo, once it listens', async () => {
    const server = await startServer({ DATA_DIR: await freshDataDir() });
    try {
      const announcement = await vi.waitFor(
        () => {
          const line = server
            .output()
            .split('\n')
            .find((each) => each.includes(`Overseas Pay is running at ${server.url}`));
          expect(line).toBeDefined();
          return line!;
        },
        { timeout: 15_000 },
      );
      // A sentence for a person, not a JSON log line.
      expect(announcement).toMatch(new RegExp(`^Overseas Pay is running at ${server.url} — sign in at ${server.url}/login as `));
      for (const account of DEMO_ACCOUNTS) expect(announcement).toContain(`${account.email} / ${account.password}`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('without PUBLIC_BASE_URL, links the reset mail and the sandbox checkout to the port it listens on', async () => {
    const dataDir = await freshDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(server.url).not.toMatch(/:3000$/);
      await dataOf(await post(`${server.url}/api/v1/auth/forgot-password`, { email: DEMO_PAYER.email }));
      expect(await onlyMail(path.join(dataDir, 'outbox'))).toContain(`${server.url}/reset-password?id=`);

      const { access_token: token } = await dataOf<{ access_token: string }>(
        await post(`${server.url}/api/v1/auth/login`, { email: DEMO_PAYER.email, password: DEMO_PAYER.password }),
      );
      const step = async (name: string, body: Record<string, unknown>) =>
        dataOf<{ id: string }>(await post(`${server.url}/api/v1/step/${name}`, body, token));
      const { id } = await step('amount/create', { resource: EUR_RESOURCE, amount: '5000', from: 'test' });
      await step('accept/update', { id, ...ACCOUNT });
      await step('send/update', { id, ...PAYER });
      await step('check/update', { id });
      await step('pay/update', { id, bank: 1 });
      const checkout = await dataOf<string>(await post(`${server.url}/api/v1/step/order/makeGoallPayLink`, { id }, token));
      expect(checkout).toMatch(new RegExp(`^${server.url}/sandbox/checkout/`));
      expect((await fetch(checkout)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});
