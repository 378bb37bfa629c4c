import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { saveNotifierCheckpoint } from './notifications-repository.js';

/** How long the checkpoint after events that raised nothing may wait unsaved. */
const QUIET_SAVE_MS = 250;

/**
 * The notifier's checkpoint after events that raised nothing, saved later: most events tell
 * nobody, and a transaction each would cost the database more than the commands that wrote them.
 * It is saved with the next event that raises notices (that transaction saves a later checkpoint),
 * once QUIET_SAVE_MS pass, or on stop; a restart before then reads those events again, and they
 * raise nothing again. Saves and event transactions take turns, so a late save never moves the
 * checkpoint back.
 */
export class LaterCheckpoint {
  #unsaved: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `work` (a transaction that saves a later checkpoint itself) in turn with the saves. */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(() => {
      this.#unsaved = undefined;
      return work();
    });
    this.#turn = next.catch(() => undefined);
    return next;
  }

  later(checkpoint: string): void {
    this.#unsaved = checkpoint;
    this.#timer ??= setTimeout(() => void this.saveNow().catch(this.onError), QUIET_SAVE_MS);
    this.#timer.unref();
  }

  saveNow(): Promise<void> {
    const next = this.#turn.then(async () => {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      const checkpoint = this.#unsaved;
      if (checkpoint === undefined) return;
      await saveNotifierCheckpoint(this.db, checkpoint, this.now());
      if (this.#unsaved === checkpoint) this.#unsaved = undefined;
    });
    this.#turn = next.catch(() => undefined);
    return next;
  }
}
