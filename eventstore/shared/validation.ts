import { EventStoreInputError, type ExpectedRevision, type NewEvent, type ReadStreamOptions } from '../port.js';

/** Every page is bounded: the default and the largest page an adapter returns. */
export const MAX_PAGE_SIZE = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page size within 1..MAX_PAGE_SIZE; larger requests are capped, nonsense is refused. */
export function pageSize(maxCount: number | undefined): number {
  if (maxCount === undefined) return MAX_PAGE_SIZE;
  if (!Number.isInteger(maxCount) || maxCount < 1) throw new EventStoreInputError(`Not a page size: ${maxCount}`);
  return Math.min(maxCount, MAX_PAGE_SIZE);
}

export function fromRevision(options: ReadStreamOptions | undefined): bigint {
  const revision = options?.fromRevision ?? 0n;
  if (revision < 0n) throw new EventStoreInputError(`Not a revision: ${revision}`);
  return revision;
}

/** An empty prefix list would mean "nothing" to one reader and "everything" to another: refused. */
export function streamPrefixes(prefixes: readonly string[] | undefined): readonly string[] | undefined {
  if (prefixes !== undefined && prefixes.length === 0) {
    throw new EventStoreInputError('streamPrefixes, when given, needs at least one prefix.');
  }
  return prefixes;
}

/** Refuses what no adapter can store, before anything is sent. */
export function validateAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): void {
  if (streamId.length === 0) throw new EventStoreInputError('A stream id cannot be empty.');
  if (expected !== 'no_stream' && (typeof expected !== 'bigint' || expected < 0n)) {
    throw new EventStoreInputError(`Not an expected revision: ${String(expected)}`);
  }
  if (events.length === 0) throw new EventStoreInputError(`Append to ${streamId}: no events.`);
  const ids = new Set<string>();
  for (const event of events) {
    if (!UUID.test(event.id)) throw new EventStoreInputError(`Event id is not a UUID: ${event.id}`);
    if (event.type.length === 0) throw new EventStoreInputError(`Event ${event.id} has no type.`);
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new EventStoreInputError(`Event id ${event.id} appears twice in one append.`);
    ids.add(id);
  }
}
