import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../../eventstore/port.js';
import { EVENT_SCHEMA_VERSION } from '../../../src/domain/index.js';

/**
 * Appends an order's first event straight to the event store, as another process would: no
 * command of a server under test projects it, so only the projector can make its row.
 */
export async function appendOrderCreatedOutside(store: Pick<EventStore, 'append'>, id: string, from: string): Promise<void> {
  const meta = {
    event_id: randomUUID(),
    actor: { id: '1', role: 'payer' },
    occurred_at: new Date().toISOString(),
    correlation_id: from || 'x',
    causation_id: from || 'x',
    schema_version: EVENT_SCHEMA_VERSION,
  };
  const data = { order_id: id, kind: 'order', owner_id: '1', resource: { id: '1004', name: 'TUM', currency: 'EUR' }, amount: '5000', from };
  await store.append(`order-${id}`, [{ id: meta.event_id, type: 'OrderCreated', data, metadata: meta }], 'no_stream');
}
