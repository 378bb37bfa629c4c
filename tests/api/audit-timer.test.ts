import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedCheckpoints } from '../../src/api/audit/checkpoint.js';
import { startCheckpointTimer } from '../../src/api/audit/checkpoint-timer.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The periodic checkpoint: one after the other, a failure reported and the next one tried; 0 signs none. */
describe('the checkpoint timer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('signs checkpoints at its interval until stopped, and none with an interval of 0', async () => {
    const errors: unknown[] = [];
    const off = startCheckpointTimer(t.deps, 0, (error) => errors.push(error));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await off.stop();
    expect(await loggedCheckpoints(t.deps.storedEvents)).toEqual([]);

    const timer = startCheckpointTimer(t.deps, 30, (error) => errors.push(error));
    await vi.waitFor(async () => expect((await loggedCheckpoints(t.deps.storedEvents)).length).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
    });
    await timer.stop();
    const signed = (await loggedCheckpoints(t.deps.storedEvents)).map(({ checkpoint }) => checkpoint.body.sequence);
    expect(signed).toEqual(signed.map((_, index) => index + 1));
    expect(errors).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await loggedCheckpoints(t.deps.storedEvents)).toHaveLength(signed.length);
  });
});
