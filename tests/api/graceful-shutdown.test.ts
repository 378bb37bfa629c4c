import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '../../eventstore/port.js';
import { logSweepFailure, startDeadlineSweeper } from '../../src/api/sweeper/deadline-sweeper.js';
import { orderInStatus } from './support/fixtures.js';
import { ROOT, runTs } from './support/server-process.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The statement parameter the database-like errors carry (an identity number); it must never be logged. */
const SECRET_PARAMETER = '110101199003071234';
const CHILD = 'tests/api/support/shutdown-child.ts';

describe('an error nobody caught', () => {
  it.each([
    ['an unhandled rejection', 'rejection'],
    ['an uncaught exception', 'exception'],
  ])('(%s) is logged without statement parameters, then the process closes and exits 1', async (_what, mode) => {
    const run = await runTs(CHILD, [mode, '10000'], {});
    expect(run.code).toBe(1);
    expect(run.output).toContain('uncaught error; shutting down');
    expect(run.output).toContain('insert into events failed');
    expect(run.output).toContain('"msg":"closed"');
    expect(run.output).not.toContain(SECRET_PARAMETER);
  });
});

describe('a shutdown', () => {
  it('that takes longer than its time limit exits 1 anyway', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, 'hang', '500'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await vi.waitFor(() => expect(output).toContain('"msg":"ready"'), { timeout: 30_000 });
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(output).toContain('shutdown took too long; exiting anyway');
  });
});

describe('a failed deadline sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is logged without the statement parameters of its database error', async () => {
    const payer = await t.createUser();
    const orderId = await orderInStatus(t, payer, 1);
    t.clock.advance(73 * 3_600_000);
    const failure = Object.assign(new Error('append failed'), { code: '22003', parameters: [SECRET_PARAMETER] });
    const failingStore = new Proxy(t.deps.eventStore, {
      get: (store, key): unknown => (key === 'append' ? () => Promise.reject(failure) : Reflect.get(store, key, store)),
    }) satisfies EventStore;
    const lines: string[] = [];
    const log = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }),
      },
    }).log;

    const sweeper = startDeadlineSweeper({ ...t.deps, eventStore: failingStore }, { intervalMs: 3_600_000, onError: logSweepFailure(log) });
    try {
      expect(await sweeper.sweepOnce()).toBe(0);
    } finally {
      await sweeper.stop();
    }
    const logged = lines.join('');
    expect(logged).toContain('deadline sweep failed');
    expect(logged).toContain(orderId);
    expect(logged).toContain('append failed');
    expect(logged).not.toContain(SECRET_PARAMETER);
  });
});
