import {
  excludeSystemEvents,
  START as ESDB_START,
  streamNameFilter,
  type AllStreamSubscription,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { EventStoreTimeoutError, START, type StoredEvent, type SubscribeOptions, type Subscription } from '../port.js';
import { WakeSignal } from '../shared/wake-signal.js';
import { decodePosition } from './checkpoint.js';
import { isApplicationEvent, toStoredEvent } from './events.js';
import { withTimeout } from './timeout.js';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;

/** A handler failure, which ends the subscription (unlike a dropped connection). */
class HandlerFailed extends Error {
  constructor(readonly error: unknown) {
    super('the subscription handler failed', { cause: error });
  }
}

/** The part of the client a subscription uses. */
export type SubscribingClient = Pick<EventStoreDBClient, 'subscribeToAll'>;

/**
 * subscribeToAll with a server-side filter, handing events to the handler one at a time (the
 * async iterator gives back-pressure). When the server drops it, or does not confirm it within
 * `timeoutMs` (a server that accepts and never answers would otherwise hold it for good), it
 * resubscribes from the last delivered checkpoint with exponential backoff; only a failing
 * handler ends it.
 */
export function startEsdbSubscription(client: SubscribingClient, options: SubscribeOptions, timeoutMs: number): Subscription {
  const filter = options.streamPrefixes ? streamNameFilter({ prefixes: [...options.streamPrefixes] }) : excludeSystemEvents();
  const backoff = new WakeSignal();
  let checkpoint = options.from ?? START;
  let stopped = false;
  let current: AllStreamSubscription | undefined;

  async function deliver(event: StoredEvent): Promise<void> {
    try {
      await options.onEvent(event);
    } catch (error) {
      throw new HandlerFailed(error);
    }
    checkpoint = event.checkpoint;
  }

  const unsubscribe = (subscription: AllStreamSubscription | undefined) =>
    subscription ? withTimeout('unsubscribe', timeoutMs, () => subscription.unsubscribe()).catch(() => undefined) : undefined;

  /** Runs one server subscription until it ends; true if any event was delivered. */
  async function followOnce(): Promise<boolean> {
    const fromPosition = decodePosition(checkpoint) ?? ESDB_START;
    const subscription = client.subscribeToAll({ fromPosition, filter });
    current = subscription;
    let alive = false;
    subscription.once('confirmation', () => (alive = true));
    const watchdog = setTimeout(() => {
      if (!alive) subscription.destroy(new EventStoreTimeoutError('subscribe', timeoutMs));
    }, timeoutMs);
    let delivered = false;
    try {
      for await (const resolved of subscription) {
        alive = true;
        if (stopped) break;
        if (!resolved.event || !isApplicationEvent(resolved.event)) continue;
        await deliver(toStoredEvent(resolved.event));
        delivered = true;
      }
    } finally {
      clearTimeout(watchdog);
      await unsubscribe(subscription);
    }
    return delivered;
  }

  async function run(): Promise<void> {
    let retryMs = FIRST_RETRY_MS;
    while (!stopped) {
      try {
        if (await followOnce()) retryMs = FIRST_RETRY_MS;
      } catch (error) {
        if (error instanceof HandlerFailed) {
          stopped = true;
          options.onError?.(error.error);
          return;
        }
        // Dropped or refused: retry from the checkpoint below.
      }
      if (stopped) return;
      await backoff.wait(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  }

  const running = run();
  return {
    checkpoint: () => checkpoint,
    async stop() {
      stopped = true;
      backoff.wake();
      // Ends the iterator; the handler in flight (if any) finishes first, as run() awaits it.
      await unsubscribe(current);
      await running;
    },
  };
}
