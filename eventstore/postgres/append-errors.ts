import { ConcurrencyError, EventStoreInputError, EventStoreUnavailableError, type ExpectedRevision } from '../port.js';
import { isDatabaseUnavailable } from './connection-errors.js';
import { SQLSTATE } from './schema.js';

interface PostgresError {
  readonly code?: unknown;
  readonly detail?: unknown;
  readonly constraint?: unknown;
  readonly message?: unknown;
}

const UNIQUE_VIOLATION = '23505';
const EVENT_ID_CONSTRAINT = 'es_events_event_id_key';

/** Turns what the append function raised (pg and PGlite errors carry the same fields) into port errors. */
export function toAppendError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, detail, message } = error as PostgresError;
  if (code === SQLSTATE.concurrency) {
    const actual = detail === 'no_stream' || typeof detail !== 'string' ? 'no_stream' : BigInt(detail);
    return new ConcurrencyError(streamId, expected, actual);
  }
  if (code === SQLSTATE.input) return new EventStoreInputError(String(message), { cause: error });
  if (isDatabaseUnavailable(error))
    return new EventStoreUnavailableError(`Appending to ${streamId}: the database is unavailable.`, { cause: error });
  return error;
}

/** The insert hit an event id that is already stored (by this stream or another one). */
export function isEventIdTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as PostgresError;
  return code === UNIQUE_VIOLATION && constraint === EVENT_ID_CONSTRAINT;
}
