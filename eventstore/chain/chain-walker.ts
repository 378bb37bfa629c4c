import type { StoredEvent } from '../port.js';
import { GENESIS_HASH, eventHash, storedHash } from './event-hash.js';

export type ChainProblemKind = 'hash_mismatch' | 'hash_missing' | 'revision_gap';

/** A break in a stream's chain: where, and what was found. */
export interface ChainProblem {
  readonly kind: ChainProblemKind;
  readonly streamId: string;
  readonly revision: bigint;
  /** For a gap: the revision that should have come next. */
  readonly expectedRevision?: bigint;
}

/** The last event seen of a stream: what a checkpoint signs. */
export interface StreamHead {
  readonly streamId: string;
  readonly revision: bigint;
  /** The stored hash (null while the stream holds only events from before the chain). */
  readonly hash: string | null;
}

/**
 * Checks hash chains from events fed in stream order (several streams may be interleaved, as
 * reading the whole log gives them). After a rewritten event the walk goes on from its stored
 * hash, so one changed event is reported once, not with every event after it. Events from before
 * the chain existed (no hash, at the start of a stream) are counted as unchained, not as broken.
 */
export class ChainWalker {
  readonly #heads = new Map<string, StreamHead>();
  readonly problems: ChainProblem[] = [];
  unchained = 0;
  events = 0;

  feed(event: StoredEvent): void {
    this.events += 1;
    const head = this.#heads.get(event.streamId);
    const expected = head ? head.revision + 1n : 0n;
    if (event.revision !== expected) {
      this.problems.push({ kind: 'revision_gap', streamId: event.streamId, revision: event.revision, expectedRevision: expected });
    }
    const stored = storedHash(event.metadata);
    if (stored === null) {
      if (head?.hash) this.problems.push({ kind: 'hash_missing', streamId: event.streamId, revision: event.revision });
      else this.unchained += 1;
    } else if (stored !== eventHash(event, head?.hash ?? GENESIS_HASH)) {
      this.problems.push({ kind: 'hash_mismatch', streamId: event.streamId, revision: event.revision });
    }
    this.#heads.set(event.streamId, { streamId: event.streamId, revision: event.revision, hash: stored });
  }

  heads(): StreamHead[] {
    return [...this.#heads.values()];
  }
}
