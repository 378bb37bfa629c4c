import type { Checkpoint, ReadAllPage, SubscribeOptions, Subscription } from '../port.js';
import { START } from '../port.js';
import { WakeSignal } from '../shared/wake-signal.js';

export interface PollingSubscriptionSettings {
  /** Reads the page after a checkpoint (already bound to the subscription's prefixes). */
  readonly readPage: (from: Checkpoint) => Promise<ReadAllPage>;
  readonly pageSize: number;
  /**
   * Fallback poll while caught up. NOTIFY wakes the loop at once, but an event held back behind an
   * older open transaction becomes readable without any notification when that one ends.
   */
  readonly pollIntervalMs: number;
  /** Called with the loop's wake function; returns an unregister function. */
  readonly registerWake: (wake: () => void) => () => void;
}

const MAX_READ_RETRY_MS = 5_000;
/** First re-read after a wake-up that found nothing readable yet (see run()). */
const FIRST_CHASE_MS = 10;
/**
 * Least time between the starts of two reads that follow wake-ups. Under a stream of appends every
 * read finds a wake-up pending; without a pause the loop re-read the log for every few events (a
 * seventh of a command's cost). An idle loop is not delayed: its last read is long past.
 */
const MIN_READ_INTERVAL_MS = 5;

/**
 * Reads pages from the checkpoint and hands events to the handler one at a time. A failed read is
 * retried with backoff (the database may come back); a failing handler ends the subscription.
 */
export function startPollingSubscription(options: SubscribeOptions, settings: PollingSubscriptionSettings): Subscription {
  const signal = new WakeSignal();
  const unregister = settings.registerWake(() => signal.wake());
  let checkpoint = options.from ?? START;
  let stopped = false;

  async function deliver(page: ReadAllPage): Promise<void> {
    for (const event of page.events) {
      if (stopped) return;
      await options.onEvent(event);
      checkpoint = event.checkpoint;
    }
  }

  /**
   * A NOTIFY can arrive while an older transaction is still open; the new events stay unreadable
   * until it ends, and no second NOTIFY says when. So after each wake-up the loop re-reads at
   * doubling intervals (10, 20, 40 ms...) up to the poll interval, instead of sleeping a full one.
   */
  let chaseMs: number | undefined;

  async function sleepUntilNews(): Promise<void> {
    const woken = await signal.wait(chaseMs ?? settings.pollIntervalMs);
    if (woken) chaseMs = FIRST_CHASE_MS;
    else if (chaseMs !== undefined) chaseMs = chaseMs * 2 < settings.pollIntervalMs ? chaseMs * 2 : undefined;
  }

  let lastReadAt = 0;
  async function spaceReads(): Promise<void> {
    const wait = lastReadAt + (options.minReadIntervalMs ?? MIN_READ_INTERVAL_MS) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastReadAt = Date.now();
  }

  async function run(): Promise<void> {
    let failedReads = 0;
    while (!stopped) {
      let page: ReadAllPage;
      try {
        await spaceReads();
        if (stopped) break;
        page = await settings.readPage(checkpoint);
        failedReads = 0;
      } catch {
        failedReads += 1;
        await signal.wait(Math.min(settings.pollIntervalMs * 2 ** failedReads, MAX_READ_RETRY_MS));
        continue;
      }
      try {
        await deliver(page);
      } catch (error) {
        stopped = true;
        options.onError?.(error);
        return;
      }
      if (page.events.length < settings.pageSize && !stopped) await sleepUntilNews();
    }
  }

  const running = run().finally(unregister);
  return {
    checkpoint: () => checkpoint,
    async stop() {
      stopped = true;
      signal.wake();
      await running;
    },
  };
}
