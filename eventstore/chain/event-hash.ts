import { createHash } from 'node:crypto';
import type { JsonObject, NewEvent } from '../port.js';
import { canonicalJson } from './canonical.js';

/** The metadata member that carries an event's hash. */
export const HASH_KEY = 'hash';
/** What the first event of a stream is chained to. */
export const GENESIS_HASH = '0'.repeat(64);

const HEX_SHA256 = /^[0-9a-f]{64}$/;

export interface HashedFields {
  readonly streamId: string;
  readonly revision: bigint;
  readonly id: string;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: JsonObject;
}

export const sha256Hex = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The metadata as it is hashed: everything but the hash itself. */
export function withoutHash(metadata: JsonObject): JsonObject {
  const { [HASH_KEY]: _hash, ...rest } = metadata;
  return rest;
}

/**
 * SHA-256 over the canonical form of (stream, revision, id, type, data, metadata less the hash,
 * previous event's hash): a hash chain per stream. Any rewritten byte, a moved event or a changed
 * predecessor gives another hash.
 */
export function eventHash(event: HashedFields, previousHash: string): string {
  return sha256Hex(
    canonicalJson({
      stream: event.streamId,
      revision: event.revision.toString(),
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: withoutHash(event.metadata),
      previous: previousHash,
    }),
  );
}

/** The hash a stored event carries, or null for an event stored before the chain existed. */
export function storedHash(metadata: JsonObject): string | null {
  const value = metadata[HASH_KEY];
  return typeof value === 'string' && HEX_SHA256.test(value) ? value : null;
}

/** Stamps each event with its chained hash; returns them with the hash of the last one. */
export function chainEvents(
  streamId: string,
  firstRevision: bigint,
  events: readonly NewEvent[],
  previousHash: string,
): { readonly events: NewEvent[]; readonly lastHash: string } {
  let previous = previousHash;
  const chained = events.map((event, index) => {
    const metadata = withoutHash(event.metadata);
    const hash = eventHash(
      { streamId, revision: firstRevision + BigInt(index), id: event.id, type: event.type, data: event.data, metadata },
      previous,
    );
    previous = hash;
    return { ...event, metadata: { ...metadata, [HASH_KEY]: hash } };
  });
  return { events: chained, lastHash: previous };
}
