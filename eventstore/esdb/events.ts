import { jsonEvent, type AllStreamResolvedEvent, type EventData, type ResolvedEvent } from '@eventstore/db-client';
import type { JsonObject, NewEvent, StoredEvent } from '../port.js';
import { encodePosition } from './checkpoint.js';

export function toEventData(event: NewEvent): EventData {
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
}

type Recorded = NonNullable<ResolvedEvent['event'] | AllStreamResolvedEvent['event']>;

/** System events ($-prefixed streams or types) are EventStoreDB's own, never the application's. */
export function isApplicationEvent(recorded: Recorded): boolean {
  return !recorded.streamId.startsWith('$') && !recorded.type.startsWith('$');
}

export function toStoredEvent(recorded: Recorded): StoredEvent {
  if (!recorded.position) {
    throw new Error(`EventStoreDB returned event ${recorded.id} without its position; a server of 21.10 or later is needed.`);
  }
  return {
    id: recorded.id,
    type: recorded.type,
    data: asJsonObject(recorded.data),
    metadata: asJsonObject(recorded.metadata),
    streamId: recorded.streamId,
    revision: recorded.revision,
    checkpoint: encodePosition(recorded.position),
    recordedAt: recorded.created,
  };
}

/** Our events are JSON objects; anything else (binary, absent) was written by someone else. */
function asJsonObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
    ? (value as JsonObject)
    : {};
}
