import { z } from 'zod';
import { EVENT_SCHEMA_VERSION, ORDER_EVENT_TYPES, type OrderEvent } from './events.js';

/** What every stored event's metadata must be: the decider stamps nothing else, replay reads nothing else. */
export const eventMetadataSchema = z.object({
  event_id: z.string().min(1),
  actor: z.object({ id: z.string(), role: z.enum(['payer', 'admin', 'bank', 'system', 'uploader', 'partner', 'warehouse']) }),
  occurred_at: z.iso.datetime({ offset: true }),
  correlation_id: z.string(),
  causation_id: z.string(),
  schema_version: z.number().int().positive(),
});

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Upcasters by event type and by the schema version they lift from. A stored event's meaning
 * never changes: a new shape gets a new version and an entry here that lifts the old one.
 * Every event is at version 1 so far, so there is nothing to lift yet.
 */
const UPCASTERS: Partial<Record<OrderEvent['type'], Readonly<Record<number, Upcaster>>>> = {};

/** Built once: a zod schema made on every call cost more than the parse (and a replay decodes every event). */
const eventTypeSchema = z.enum(ORDER_EVENT_TYPES);
const eventDataSchema = z.record(z.string(), z.unknown());

/** Turns a stored event (type, data, metadata) into the current shape of an order event. */
export function toOrderEvent(type: string, data: unknown, metadata: unknown): OrderEvent {
  const eventType = eventTypeSchema.parse(type);
  const meta = eventMetadataSchema.parse(metadata);
  if (meta.schema_version > EVENT_SCHEMA_VERSION) {
    throw new Error(`${eventType} has schema version ${meta.schema_version}, newer than this code knows.`);
  }
  let current = eventDataSchema.parse(data);
  for (let version = meta.schema_version; version < EVENT_SCHEMA_VERSION; version += 1) {
    const upcast = UPCASTERS[eventType]?.[version];
    if (!upcast) throw new Error(`No upcaster for ${eventType} from version ${version}.`);
    current = upcast(current);
  }
  return { type: eventType, data: current, meta: { ...meta, schema_version: EVENT_SCHEMA_VERSION } } as OrderEvent;
}
