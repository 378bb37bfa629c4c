import { storedHash } from '../../../eventstore/chain/index.js';
import type { StoredEvent } from '../../../eventstore/port.js';
import type { AuditProblem } from '../../domain/index.js';
import { UNCHAINED, type HeadEntry } from './checkpoint.js';

const byStream = (a: HeadEntry, b: HeadEntry) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The heads a trusted checkpoint signed, looked up by stream as the log is walked in any order:
 * each must still be there with the hash it had. Kept as the sorted list the file holds and one
 * byte per head for "seen", not as an object per stream, so a walk of millions of streams stays small.
 */
export class SignedHeads {
  readonly #heads: readonly HeadEntry[];
  readonly #seen: Uint8Array;

  constructor(heads: readonly HeadEntry[]) {
    this.#heads = [...heads].sort(byStream);
    this.#seen = new Uint8Array(this.#heads.length);
  }

  /** The problem with this event, if it is a signed head whose hash changed since. */
  check(event: StoredEvent): AuditProblem | null {
    const index = this.#indexOf(event.streamId);
    if (index < 0) return null;
    const [stream, revision, hash] = this.#heads[index]!;
    if (revision !== event.revision.toString()) return null;
    this.#seen[index] = 1;
    if ((storedHash(event.metadata) ?? UNCHAINED) === hash) return null;
    return { stream, revision, field: 'hash', problem: 'differs_from_checkpoint' };
  }

  /** The signed heads no event was checked against: gone since the checkpoint. */
  missing(): AuditProblem[] {
    return this.#heads.flatMap(([stream, revision], index): AuditProblem[] =>
      this.#seen[index] ? [] : [{ stream, revision, field: 'event', problem: 'missing_since_checkpoint' }],
    );
  }

  #indexOf(streamId: string): number {
    let low = 0;
    let high = this.#heads.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const stream = this.#heads[middle]![0];
      if (stream === streamId) return middle;
      if (stream < streamId) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
