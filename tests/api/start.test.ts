import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PAYER } from '../../src/api/seed.js';

const root = path.resolve(import.meta.dirname, '..', '..');

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

/** Starts `npm start`'s command on a free port and waits for its "listening" log line. */
async function start(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  return { child, url, exited };
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

describe('npm start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts embedded, seeds once, keeps its secret, and shuts down gracefully', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pay-start-'));
    dirs.push(dataDir);

    const first = await start(dataDir);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok', eventStore: 'ok', projections: 'ok' });
    const login = await post(`${first.url}/api/v1/auth/login`, { email: DEMO_PAYER.email, password: DEMO_PAYER.password });
    expect(login.status).toBe(200);
    const token = (await login.json()).data.access_token as string;
    const institutions = (await (await post(`${first.url}/api/v1/public/resources`, { options: true })).json()).data.length;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect((await readFile(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).trim().length).toBeGreaterThanOrEqual(32);

    const second = await start(dataDir);
    expect((await (await post(`${second.url}/api/v1/public/resources`, { options: true })).json()).data.length).toBe(institutions);
    expect((await post(`${second.url}/api/v1/step/order/findOrders`, {}, token)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
