import { ChainWalker } from '../../../eventstore/chain/index.js';
import type { StoredEvent } from '../../../eventstore/port.js';
import type { AuditProblem } from '../../domain/index.js';
import type { HeadEntry } from './checkpoint.js';
import { SignedHeads } from './signed-heads.js';

/** A chain walker's breaks as audit problems. */
export const chainProblems = (walker: ChainWalker): AuditProblem[] =>
  walker.problems.map((problem) => ({
    stream: problem.streamId,
    revision: problem.revision.toString(),
    field: 'hash',
    problem: problem.kind,
  }));

/**
 * Checks a log fed event by event in log order: every stream's hash chain and revisions, and the
 * heads a trusted checkpoint signed, each of which must still be there with the hash it had. So a
 * rewritten byte, a moved event and a deleted tail (up to the checkpoint) are all found. It keeps
 * every stream's head: for a log held in memory (audit:verify walks the store a batch of streams at a time).
 */
export class LogChecker {
  readonly walker = new ChainWalker();
  readonly #signed: SignedHeads;
  readonly #problems: AuditProblem[] = [];

  constructor(signedHeads: readonly HeadEntry[]) {
    this.#signed = new SignedHeads(signedHeads);
  }

  feed(event: StoredEvent): void {
    this.walker.feed(event);
    const differs = this.#signed.check(event);
    if (differs) this.#problems.push(differs);
  }

  /** Everything found, once the whole log has been fed. */
  problems(): AuditProblem[] {
    return [...this.#problems, ...this.#signed.missing(), ...chainProblems(this.walker)];
  }
}
