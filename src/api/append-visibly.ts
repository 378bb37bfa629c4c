import type { ExpectedRevision, NewEvent } from '../../eventstore/port.js';
import { projectsInAppend, type InAppendTransaction, type StatementProjection } from '../../eventstore/postgres/port.js';
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
  const { streamId, events, expected, waitKey, inStatement } = append;
  const store = deps.eventStore;
  const result = !projectsInAppend(store)
    ? { ...(await store.append(streamId, events, expected)), projected: false }
    : inStatement
      ? await store.appendAndProjectInStatement(streamId, events, expected, inStatement)
      : await store.appendAndProject(streamId, events, expected, projectInAppend(deps, append));
  if (!result.projected) await deps.projections.waitFor(waitKey, result.nextExpectedRevision);
  return result.nextExpectedRevision;
}

/** The projectors applying the command's own (readable) events in its append's transaction. */
export function projectInAppend(deps: Pick<VisibleDeps, 'clock'>, append: VisibleAppend): InAppendTransaction<DB> {
  const readable = append.readable ?? append.events;
  return async (transaction, last) => {
    const first = last - BigInt(readable.length) + 1n;
    const recordedAt = deps.clock.now();
    await applyEvents(
      transaction,
      readable.map((event, index) => ({
        ...event,
        streamId: append.streamId,
        revision: first + BigInt(index),
        checkpoint: '',
        recordedAt,
      })),
    );
  };
}
