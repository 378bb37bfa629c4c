import { performance } from 'node:perf_hooks';
import type { EventStore, StoredEvent, SubscribeOptions, Subscription } from '../../../eventstore/port.js';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every few ms until it holds or `timeoutMs` passes. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(2);
  }
}

export interface Collector {
  readonly events: StoredEvent[];
  /** performance.now() at each delivery. */
  readonly deliveredAt: number[];
  readonly errors: unknown[];
  readonly subscription: Subscription;
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
}

/** Subscribes and records every event it is handed. */
export function collect(store: EventStore, options: Omit<SubscribeOptions, 'onEvent' | 'onError'>): Collector {
  const events: StoredEvent[] = [];
  const deliveredAt: number[] = [];
  const errors: unknown[] = [];
  const subscription = store.subscribe({
    ...options,
    onEvent: (event) => {
      events.push(event);
      deliveredAt.push(performance.now());
    },
    onError: (error) => errors.push(error),
  });
  return {
    events,
    deliveredAt,
    errors,
    subscription,
    waitForCount: (count, timeoutMs = 10_000) => until(() => events.length >= count, timeoutMs, `${count} events`),
  };
}
