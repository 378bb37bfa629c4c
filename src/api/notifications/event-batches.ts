import type { StoredEvent } from '../../../eventstore/port.js';

/** Events told in one transaction at most: a few round trips each, whatever their number. */
const BATCH_SIZE = 500;

/**
 * Gathers a subscription's events into batches, as the projection runner does: the events that
 * arrive together are handed on together, soon after the last one (setImmediate), and the
 * subscription waits only while a full batch is told. Batches are told one after another, in
 * order. When telling fails (the notifier is stopping), the queue is dropped (the checkpoint is
 * still before it) and the next event's push rejects, which ends the subscription.
 */
export class EventBatches {
  #queue: StoredEvent[] = [];
  #telling: Promise<void> = Promise.resolve();
  #scheduled = false;
  #failure: Error | undefined = undefined;

  constructor(private readonly tell: (events: readonly StoredEvent[]) => Promise<void>) {}

  async push(event: StoredEvent): Promise<void> {
    this.#throwIfFailed();
    this.#queue.push(event);
    if (this.#queue.length >= BATCH_SIZE) await this.#flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => void this.#flush());
    }
    this.#throwIfFailed();
  }

  #throwIfFailed(): void {
    if (this.#failure !== undefined) throw this.#failure;
  }

  /** Tells (or, stopping, drops) what is queued now; resolves once done, never rejects. */
  settled(): Promise<void> {
    return this.#flush();
  }

  #flush(): Promise<void> {
    this.#scheduled = false;
    this.#telling = this.#telling.then(() => this.#drain());
    return this.#telling;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0 && this.#failure === undefined) {
      const batch = this.#queue.splice(0, BATCH_SIZE);
      try {
        await this.tell(batch);
      } catch (error) {
        this.#failure = error instanceof Error ? error : new Error(String(error));
        this.#queue = [];
      }
    }
  }
}
