/**
 * The event-store port. Every adapter (PostgreSQL/PGlite, EventStoreDB) implements it and passes
 * the one contract suite in tests/eventstore. What only the PostgreSQL adapter can do (append and
 * project in one transaction) is its typed extension, postgres/port.ts.
 *
 * Revisions are bigint (a stream can outgrow 2^53); checkpoints are opaque strings so they survive
 * JSON and can be stored anywhere. Use the codecs below to put a revision into JSON.
 */

/** Where an append expects the stream to be. "any" is deliberately not offered. */
export type ExpectedRevision = 'no_stream' | bigint;

/** JSON-safe data of an event or its metadata. */
export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

export interface NewEvent {
  /** UUID; appending the same ids to the same stream again writes nothing (idempotent). */
  readonly id: string;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: JsonObject;
}

export interface StoredEvent extends NewEvent {
  readonly streamId: string;
  /** 0 for the first event of a stream. */
  readonly revision: bigint;
  /** Opaque position in the global log; reading all from it continues after this event. */
  readonly checkpoint: Checkpoint;
  readonly recordedAt: Date;
}

/** Opaque, adapter-specific, JSON-safe. `START` reads from the very beginning. */
export type Checkpoint = string;
export const START: Checkpoint = 'start';

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly nextExpectedRevision: bigint;
}

export interface ReadStreamOptions {
  readonly fromRevision?: bigint;
  /** Page size; adapters cap it (never unbounded). */
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  readonly from?: Checkpoint;
  readonly maxCount?: number;
  /** Only streams whose id starts with one of these prefixes. */
  readonly streamPrefixes?: readonly string[];
}

export interface ReadAllPage {
  readonly events: readonly StoredEvent[];
  /** Where the next page starts; equal to `from` when nothing new was read. */
  readonly next: Checkpoint;
}

export interface ListStreamsOptions {
  /** Where the previous page ended (its `next`); START lists from the first stream. */
  readonly after?: Checkpoint;
  readonly maxCount?: number;
}

export interface StreamIdsPage {
  /** Each stream at most once over all pages; an empty page means every stream was listed. */
  readonly streamIds: readonly string[];
  /** Where the next page starts (opaque, adapter-specific). */
  readonly next: Checkpoint;
}

export interface SubscribeOptions {
  readonly from?: Checkpoint;
  readonly streamPrefixes?: readonly string[];
  /**
   * Called for each event in global order, one at a time; the next event waits until it resolves.
   * If it throws, the subscription stops and `onError` gets the error.
   */
  readonly onEvent: (event: StoredEvent) => Promise<void> | void;
  readonly onError?: (error: unknown) => void;
  /**
   * Least time between two reads of a polling store under a stream of appends (5 ms unless given).
   * A follower that need not be prompt (the notifier) reads less often, and costs the database less.
   * EventStoreDB pushes events and ignores it.
   */
  readonly minReadIntervalMs?: number;
}

export interface Subscription {
  /** The checkpoint after the last event whose handler completed. */
  readonly checkpoint: () => Checkpoint;
  /** Stops delivering; resolves once the handler in flight (if any) has finished. */
  readonly stop: () => Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** One page of a stream in revision order; an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<readonly StoredEvent[]>;
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  /** One page of the ids of the streams in the log, so a reader can walk the log stream by stream. */
  listStreams(options?: ListStreamsOptions): Promise<StreamIdsPage>;
  /**
   * Every event of these streams (the caller bounds how many it asks for), grouped by stream in the
   * order given, each stream's events in log order; a stream that does not exist gives none.
   */
  readStreams(streamIds: readonly string[]): Promise<readonly StoredEvent[]>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Reachability, for /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The stream's revision differs from the one the append expected; nothing was written. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${formatExpected(expected)}, found ${formatExpected(actual)}; nothing was written.`);
  }
}

/** The event store did not answer in time; whether a write landed is unknown (retry with the same ids). */
export class EventStoreTimeoutError extends Error {
  override readonly name = 'EventStoreTimeoutError';
  constructor(
    readonly operation: string,
    readonly ms: number,
  ) {
    super(`Event store did not answer ${operation} within ${ms} ms.`);
  }
}

/** The event store cannot be reached (down, restarting, connection lost); whether a write landed is unknown. */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
}

/** Refused input (an empty append, an event id already used by another stream, a bad page size). */
export class EventStoreInputError extends Error {
  override readonly name = 'EventStoreInputError';
}

function formatExpected(value: ExpectedRevision | 'no_stream'): string {
  return value === 'no_stream' ? 'no stream' : value.toString();
}

/** Revisions in JSON travel as decimal strings so nothing beyond 2^53 is rounded. */
export const revisionToJson = (revision: bigint): string => revision.toString();
export function revisionFromJson(value: string): bigint {
  if (!/^(0|[1-9]\d*)$/.test(value)) throw new EventStoreInputError(`Not a revision: ${value}`);
  return BigInt(value);
}
