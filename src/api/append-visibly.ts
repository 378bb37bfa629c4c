import type { Transaction } from 'kysely';
import type { ExpectedRevision, NewEvent, StatementProjection } from '../../eventstore/port.js';
import type { DB } from '../database/schema.js';
import { applyEvents } from '../projections/projection-runner.js';
import type { AppDeps } from './deps.js';

type VisibleDeps = Pick<AppDeps, 'eventStore' | 'projections' | 'clock'>;

export interface VisibleAppend {
  readonly streamId: string;
  /** The events as stored (personal fields sealed). */
  readonly events: readonly NewEvent[];
  /** The same events as the projectors read them (opened); the stored ones when there is nothing to open. */
  readonly readable?: readonly NewEvent[];
  readonly expected: ExpectedRevision;
  /** What the runner's waitFor knows the stream by: the order id, or the stream id. */
  readonly waitKey: string;
  /** The same projection as an SQL function the append's own statement runs, where the adapter can. */
  readonly inStatement?: StatementProjection;
}

/**
 * Appends and returns once the caller's read rows show the change (read-your-writes). Where the
 * adapter shares a transaction with the read tables, the command projects its own events with the
 * append (in its statement when given a projection function, else in its transaction): no waiting
 * on the subscription, which later finds them applied and skips them. Otherwise (EventStoreDB, a
 * retried append, a row the projector has not brought to the command's revision yet) it waits for
 * the projection.
 */
export async function appendVisibly(deps: VisibleDeps, append: VisibleAppend): Promise<bigint> {
  const { streamId, events, expected, waitKey } = append;
  const readable = append.readable ?? events;
  if (append.inStatement && deps.eventStore.appendAndProjectInStatement) {
    const result = await deps.eventStore.appendAndProjectInStatement(streamId, events, expected, append.inStatement);
    if (!result.projected) await deps.projections.waitFor(waitKey, result.nextExpectedRevision);
    return result.nextExpectedRevision;
  }
  if (deps.eventStore.appendAndProject) {
    const result = await deps.eventStore.appendAndProject(streamId, events, expected, async (transaction, last) => {
      const first = last - BigInt(readable.length) + 1n;
      const recordedAt = deps.clock.now();
      await applyEvents(
        transaction as Transaction<DB>,
        readable.map((event, index) => ({ ...event, streamId, revision: first + BigInt(index), checkpoint: '', recordedAt })),
      );
    });
    if (!result.projected) await deps.projections.waitFor(waitKey, result.nextExpectedRevision);
    return result.nextExpectedRevision;
  }
  const result = await deps.eventStore.append(streamId, events, expected);
  await deps.projections.waitFor(waitKey, result.nextExpectedRevision);
  return result.nextExpectedRevision;
}
