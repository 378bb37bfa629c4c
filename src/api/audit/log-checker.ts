import { ChainWalker, storedHash } from '../../../eventstore/chain/index.js';
import type { StoredEvent } from '../../../eventstore/port.js';
import type { AuditProblem } from '../../domain/index.js';
import { UNCHAINED, type HeadEntry } from './checkpoint.js';

/**
 * Checks a log fed event by event in log order: every stream's hash chain and revisions, and the
 * heads a trusted checkpoint signed, each of which must still be there with the hash it had. So a
 * rewritten byte, a moved event and a deleted tail (up to the checkpoint) are all found.
 */
export class LogChecker {
  readonly walker = new ChainWalker();
  readonly #signed: Map<string, { readonly revision: string; readonly hash: string; seen: boolean }>;
  readonly #problems: AuditProblem[] = [];

  constructor(signedHeads: readonly HeadEntry[]) {
    this.#signed = new Map(signedHeads.map(([stream, revision, hash]) => [stream, { revision, hash, seen: false }]));
  }

  feed(event: StoredEvent): void {
    this.walker.feed(event);
    const signed = this.#signed.get(event.streamId);
    if (signed && signed.revision === event.revision.toString()) {
      signed.seen = true;
      if ((storedHash(event.metadata) ?? UNCHAINED) !== signed.hash) {
        this.#problems.push({ stream: event.streamId, revision: signed.revision, field: 'hash', problem: 'differs_from_checkpoint' });
      }
    }
  }

  /** Everything found, once the whole log has been fed. */
  problems(): AuditProblem[] {
    const missing = [...this.#signed]
      .filter(([, signed]) => !signed.seen)
      .map(([stream, signed]): AuditProblem => ({
        stream,
        revision: signed.revision,
        field: 'event',
        problem: 'missing_since_checkpoint',
      }));
    const chain = this.walker.problems.map((problem): AuditProblem => ({
      stream: problem.streamId,
      revision: problem.revision.toString(),
      field: 'hash',
      problem: problem.kind,
    }));
    return [...this.#problems, ...missing, ...chain];
  }
}
