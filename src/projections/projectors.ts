import type { Transaction } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { DB } from '../database/schema.js';
import { INBOUND_STREAM_PREFIX, ORDER_STREAM_PREFIX, REFERENCE_STREAM_PREFIXES } from '../domain/index.js';
import { applyOrderBatch } from './order-batch.js';
import type { Applied } from './order-projector.js';
import { applyReferenceEvent } from './reference-projector.js';
import { applyWarehouseEvent } from './warehouse-projector.js';

/** What feeds one group of read tables: the streams it follows and how it applies their events. */
export interface Projector {
  readonly name: string;
  readonly streamPrefixes: readonly string[];
  /** Applies a run of consecutive events of its streams, in log order, in the caller's transaction. */
  readonly apply: (trx: Transaction<DB>, events: readonly StoredEvent[]) => Promise<Applied[]>;
  /** A rebuild empties its tables and replays its streams (the reference tables keep their own state and revisions). */
  readonly rebuilt: boolean;
  /** Its readable revision is kept per stream in stream_revisions, not on an order row (see waitFor). */
  readonly tracksStreamRevision: boolean;
}

/** A projector that applies its events one by one. */
const oneByOne =
  (applyOne: (trx: Transaction<DB>, event: StoredEvent) => Promise<Applied | null>) =>
  async (trx: Transaction<DB>, events: readonly StoredEvent[]): Promise<Applied[]> => {
    const applied: Applied[] = [];
    for (const event of events) {
      const result = await applyOne(trx, event);
      if (result) applied.push(result);
    }
    return applied;
  };

/** Orders: set-wise, a run of events at a time (order-batch.ts). */
export const ORDER_PROJECTOR: Projector = {
  name: 'orders',
  streamPrefixes: [ORDER_STREAM_PREFIX],
  apply: applyOrderBatch,
  rebuilt: true,
  tracksStreamRevision: false,
};

/** The registry: every projector the read tables have. Their prefixes do not overlap. */
export const PROJECTORS: readonly Projector[] = [
  ORDER_PROJECTOR,
  {
    name: 'warehouse',
    streamPrefixes: [INBOUND_STREAM_PREFIX],
    apply: oneByOne(applyWarehouseEvent),
    rebuilt: true,
    tracksStreamRevision: true,
  },
  {
    name: 'reference',
    streamPrefixes: REFERENCE_STREAM_PREFIXES,
    apply: oneByOne(applyReferenceEvent),
    rebuilt: false,
    tracksStreamRevision: true,
  },
];

export const follows = (projector: Projector, streamId: string): boolean =>
  projector.streamPrefixes.some((prefix) => streamId.startsWith(prefix));

/** The projector of a stream, if any follows it. */
export const projectorOf = (streamId: string): Projector | undefined => PROJECTORS.find((projector) => follows(projector, streamId));

/** The streams the read tables follow. */
export const FOLLOWED_PREFIXES: readonly string[] = PROJECTORS.flatMap((projector) => projector.streamPrefixes);
/** The streams a rebuild replays. */
export const REBUILT_PREFIXES: readonly string[] = PROJECTORS.filter((projector) => projector.rebuilt).flatMap(
  (projector) => projector.streamPrefixes,
);

/**
 * The one place that applies events to the read tables (the runner, a rebuild, and a command in its
 * own append): each run of consecutive events of one projector goes to that projector, all in log
 * order; events no projector follows are passed over.
 */
export async function applyEvents(trx: Transaction<DB>, events: readonly StoredEvent[]): Promise<Applied[]> {
  const applied: Applied[] = [];
  for (const { projector, run } of runsOf(events)) if (projector) applied.push(...(await projector.apply(trx, run)));
  return applied;
}

interface Run {
  /** Undefined for events no projector follows: they end a run, as any other stream's event does. */
  readonly projector: Projector | undefined;
  readonly run: StoredEvent[];
}

function runsOf(events: readonly StoredEvent[]): Run[] {
  const runs: Run[] = [];
  for (const event of events) {
    const projector = projectorOf(event.streamId);
    const last = runs.at(-1);
    if (last && projector && last.projector === projector) last.run.push(event);
    else runs.push({ projector, run: [event] });
  }
  return runs;
}
