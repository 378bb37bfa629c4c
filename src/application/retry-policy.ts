import { ConcurrencyError } from '../../eventstore/port.js';

/**
 * How often a command is tried again when a concurrent writer got to its stream first, and how
 * long to pause before each new try. One policy for every area, so a new area does not invent its own.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  readonly attempts: number;
  /** The longest pause before the second try; it doubles with each further try (exponential backoff)... */
  readonly baseDelayMs: number;
  /** ...up to this. */
  readonly maxDelayMs: number;
  /** A number in [0, 1): the pause is a random share of the backoff (full jitter), so racing writers spread out. */
  readonly random: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writers of one stream race briefly: pauses of a few milliseconds, spread out, settle them. Ten
 * tries let a burst of shipments of the same goods (the busiest stream) all land; a pause never
 * exceeds a tenth of a second, so a try that keeps losing fails in about half a second.
 */
export const defaultRetryPolicy: RetryPolicy = { attempts: 10, baseDelayMs: 5, maxDelayMs: 100, random: Math.random, sleep };

/** The pause before try `attempt + 1` after `attempt` tries failed: full jitter over a bounded exponential backoff. */
export function backoffDelay(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return policy.random() * ceiling;
}

/**
 * Runs `work` (1-based attempt number) until it succeeds. A ConcurrencyError is tried again after
 * a pause, until the attempts are spent; then it is thrown. Any other error is thrown at once.
 */
export async function retryOnConflict<T>(policy: RetryPolicy, work: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= policy.attempts) throw error;
      await policy.sleep(backoffDelay(policy, attempt));
    }
  }
}
