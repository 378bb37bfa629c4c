import type { Selectable } from 'kysely';
import type { StoredEvent } from '../port.js';
import { encodeCheckpoint } from './checkpoint.js';
import type { EsEventsTable } from './schema.js';

export const EVENT_COLUMNS = [
  'position',
  'transaction_id',
  'stream_id',
  'stream_revision',
  'event_id',
  'event_type',
  'data',
  'metadata',
  'recorded_at',
] as const;

export type EventRow = Pick<Selectable<EsEventsTable>, (typeof EVENT_COLUMNS)[number]>;

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    checkpoint: encodeCheckpoint({ transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }),
    recordedAt: row.recorded_at,
  };
}
