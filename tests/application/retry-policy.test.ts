import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../eventstore/port.js';
import { backoffDelay, defaultRetryPolicy, retryOnConflict, type RetryPolicy } from '../../src/application/retry-policy.js';

const conflict = () => new ConcurrencyError('stream-1', 0n, 1n);

/** A policy whose pauses are recorded instead of waited for. */
function recordingPolicy(overrides: Partial<RetryPolicy> = {}) {
  const pauses: number[] = [];
  const policy: RetryPolicy = {
    ...defaultRetryPolicy,
    random: () => 0.999,
    sleep: async (ms) => {
      pauses.push(ms);
    },
    ...overrides,
  };
  return { policy, pauses };
}

describe('the retry policy', () => {
  it('tries again after a ConcurrencyError and returns what the next try returns', async () => {
    const { policy, pauses } = recordingPolicy();
    let tries = 0;
    const result = await retryOnConflict(policy, async () => {
      tries += 1;
      if (tries < 3) throw conflict();
      return 'done';
    });
    expect(result).toBe('done');
    expect(tries).toBe(3);
    expect(pauses).toHaveLength(2);
  });

  it('gives up after its attempts with the ConcurrencyError', async () => {
    const { policy, pauses } = recordingPolicy({ attempts: 4 });
    let tries = 0;
    const failing = retryOnConflict(policy, async () => {
      tries += 1;
      throw conflict();
    });
    await expect(failing).rejects.toBeInstanceOf(ConcurrencyError);
    expect(tries).toBe(4);
    expect(pauses).toHaveLength(3);
  });

  it('does not retry any other error', async () => {
    const { policy, pauses } = recordingPolicy();
    let tries = 0;
    const refused = new Error('refused');
    await expect(
      retryOnConflict(policy, async () => {
        tries += 1;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(tries).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('backs off exponentially up to its bound, with full jitter', () => {
    const highest = { baseDelayMs: 5, maxDelayMs: 100, random: () => 0.999999 };
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => Math.round(backoffDelay(highest, attempt)));
    expect(ceilings).toEqual([5, 10, 20, 40, 80, 100, 100, 100, 100]);
    expect(backoffDelay({ ...highest, random: () => 0 }, 7)).toBe(0);
    expect(backoffDelay({ ...highest, random: () => 0.5 }, 3)).toBe(10);
  });

  it('never pauses longer than its bound, whatever the random numbers', async () => {
    const { policy, pauses } = recordingPolicy({ attempts: 30, random: Math.random });
    await expect(
      retryOnConflict(policy, async () => {
        throw conflict();
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(pauses).toHaveLength(29);
    for (const pause of pauses) expect(pause).toBeGreaterThanOrEqual(0);
    for (const pause of pauses) expect(pause).toBeLessThanOrEqual(policy.maxDelayMs);
  });
});
