import type { ColumnType, Generated } from 'kysely';
import type { JsonObject } from '../port.js';

/** int8 columns arrive as decimal strings (see int8.ts); we write them as strings too. */
type Int8 = ColumnType<string, string, string>;

export interface EsEventsTable {
  position: Generated<string>;
  /** xid8 of the writing transaction; arrives as a decimal string. */
  transaction_id: Generated<string>;
  stream_id: string;
  stream_revision: Int8;
  event_id: string;
  event_type: string;
  data: JsonObject;
  metadata: JsonObject;
  recorded_at: ColumnType<Date, never, never>;
}

export interface EsStreamsTable {
  stream_id: string;
  revision: Int8;
}

export interface EventStoreTables {
  es_events: EsEventsTable;
  es_streams: EsStreamsTable;
}

/** Channel the append function notifies after writing. */
export const EVENTS_CHANNEL = 'es_events';

/** SQLSTATEs raised by the append function (class "ES" is not used by Postgres). */
export const SQLSTATE = {
  concurrency: 'ESC01',
  input: 'ESI01',
} as const;
