import type { StoredEvent } from '../../eventstore/port.js';

export { streamEvents } from '../application/stream-events.js';

/** When the event happened, as its metadata says (the domain's time, not the store's). */
export const occurredAt = (event: StoredEvent): Date => new Date(String(event.metadata['occurred_at']));
