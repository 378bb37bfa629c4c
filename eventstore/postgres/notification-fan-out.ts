import type { Database } from './database.js';
import { EVENTS_CHANNEL } from './schema.js';

/**
 * One LISTEN per store, fanned out to its subscriptions; registered while at least one
 * subscription runs. If LISTEN fails, subscriptions still poll.
 */
export class NotificationFanOut {
  readonly #wakers = new Set<() => void>();
  #unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  constructor(private readonly database: Pick<Database<unknown>, 'listen'>) {}

  add(wake: () => void): () => void {
    this.#wakers.add(wake);
    this.#unlisten ??= this.database.listen(EVENTS_CHANNEL, () => this.wakeAll()).catch(() => undefined);
    return () => {
      this.#wakers.delete(wake);
    };
  }

  /** Also called after our own appends: they need no round trip through the database to be seen. */
  wakeAll(): void {
    for (const wake of this.#wakers) wake();
  }

  async close(): Promise<void> {
    const unlisten = await this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }
}
