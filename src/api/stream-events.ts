import type { StoredEvent } from '../../eventstore/port.js';

export { streamEvents } from '../application/stream-events.js';

/** When the event happened, as its metadata says (the domain's time, not the store's). */
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- the log writes occurred_at as an ISO string
export const occurredAt = (event: StoredEvent): Date => new Date(String(event.metadata['occurred_at']));
