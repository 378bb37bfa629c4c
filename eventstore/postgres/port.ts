import type { Transaction } from 'kysely';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, StoredEvent } from '../port.js';
import type { EventStoreTables } from './schema.js';

/**
 * What the PostgreSQL/PGlite adapter offers beyond the portable port (../port.ts): its log shares a
 * database with the caller's read tables, so an append and the caller's projection can commit
 * together and the caller's own read rows are visible when the append returns. EventStoreDB cannot;
 * callers holding `EventStore | PostgresEventStore<DB>` test for it (`'appendAndProject' in store`)
 * and otherwise append and wait for the subscription.
 *
 * `DB` is the schema of the database the store was created over (createPostgresEventStore's
 * `database`): the transaction handed to a projection is a transaction in that very database.
 */
export interface PostgresEventStore<DB extends EventStoreTables = EventStoreTables> extends EventStore {
  /** Appends and runs `project` in the same transaction. A failure of either writes nothing. */
  appendAndProject(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    project: InAppendTransaction<DB>,
  ): Promise<ProjectedAppendResult>;
  /** Appends and runs the projection function in the same statement (see StatementProjection). */
  appendAndProjectInStatement(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    projection: StatementProjection,
  ): Promise<ProjectedAppendResult>;
  /**
   * Appends to many streams in one transaction and runs `project` in it with each stream's new
   * last revision (in the order of `appends`): one commit for a batch of commands on different
   * streams (a statement's credits). All or nothing: a stream not at its expected revision fails
   * the whole batch with ConcurrencyError, and an event id stored already (a retry) fails it too,
   * so the caller falls back to appending stream by stream.
   */
  appendStreamsAndProject(appends: readonly StreamAppend[], project: InAppendTransactionOfStreams<DB>): Promise<readonly bigint[]>;
  /** The events at these streams' revisions in one read (a position holding no event is left out): many streams' heads at once. */
  readEventsAt(positions: readonly StreamPosition[]): Promise<readonly StoredEvent[]>;
}

/** An event's place: its stream and its revision there. */
export interface StreamPosition {
  readonly streamId: string;
  readonly revision: bigint;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

/** Runs inside a multi-stream append's transaction with each stream's new last revision (see appendStreamsAndProject). */
export type InAppendTransactionOfStreams<DB extends EventStoreTables = EventStoreTables> = (
  transaction: Transaction<DB>,
  lastRevisions: readonly bigint[],
) => Promise<void>;

/** Runs inside an append's transaction with the stream's new last revision (see appendAndProject). */
export type InAppendTransaction<DB extends EventStoreTables = EventStoreTables> = (
  transaction: Transaction<DB>,
  lastRevision: bigint,
) => Promise<void>;

export interface ProjectedAppendResult extends AppendResult {
  /** False when the events were already stored (a retried append): nothing ran, the caller waits for the projection instead. */
  readonly projected: boolean;
}

/**
 * A projection the database runs in the append's own statement, right after the append: the SQL
 * function `functionName(last_revision bigint, argument jsonb) returns boolean`. It answers false
 * when it did not apply (its rows were not where it expected them); the caller then waits for the
 * subscription. One round trip and one commit for append and read rows together.
 */
export interface StatementProjection {
  readonly functionName: string;
  /** Sent as JSON.stringify writes it (rows with dates, say), read by the function as jsonb. */
  readonly argument: unknown;
}

/** The two views a store over PostgreSQL or EventStoreDB may be seen through, told apart by what they offer. */
export function projectsInAppend<DB extends EventStoreTables>(store: EventStore | PostgresEventStore<DB>): store is PostgresEventStore<DB> {
  return 'appendAndProject' in store && 'appendAndProjectInStatement' in store && 'appendStreamsAndProject' in store;
}
