import { randomUUID } from 'node:crypto';
import type { NewEvent, StoredEvent } from '../../../eventstore/port.js';

export function newEvent(type = 'Tested', data: NewEvent['data'] = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata: { source: 'contract-test' } };
}

export function newEvents(count: number, type = 'Tested'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

/** Every test writes to its own streams, so suites can share one database. */
export function uniqueName(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

export const idsOf = (events: readonly (NewEvent | StoredEvent)[]): string[] => events.map((event) => event.id);
