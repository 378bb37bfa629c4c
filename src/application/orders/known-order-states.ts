import type { OrderSnapshot } from '../../domain/index.js';

/**
 * Orders' states at a revision this process knows without reading their streams: those the
 * notifier carries from one event to the next, and those a statement import decided its credits
 * on, handed over once their append committed (the notifier would otherwise read, open and fold
 * the stream of every order the import credited). Bounded: the state stored longest ago goes first,
 * and a state not here is folded from the stream.
 */
export class KnownOrderStates {
  readonly #states = new Map<string, { readonly revision: bigint; readonly state: OrderSnapshot }>();

  /** A few kB each: the default keeps a statement import's chunks until the notifier has told them. */
  constructor(private readonly capacity = 5_000) {}

  /** The order's state at exactly `revision`, if known. */
  at(streamId: string, revision: bigint): OrderSnapshot | undefined {
    const known = this.#states.get(streamId);
    return known?.revision === revision ? known.state : undefined;
  }

  /** Keeps the order's state at `revision`, in place of the one known before. */
  remember(streamId: string, revision: bigint, state: OrderSnapshot): void {
    this.#states.delete(streamId);
    this.#states.set(streamId, { revision, state });
    if (this.#states.size > this.capacity) this.#states.delete(this.#states.keys().next().value!);
  }

  /** What is known may be wrong after a failed write: the stream is read again. */
  forget(streamId: string): void {
    this.#states.delete(streamId);
  }
}
