import type { JsonObject, NewEvent } from '../../eventstore/port.js';
import { EVENT_SCHEMA_VERSION, type Actor, type EventMetadata } from '../domain/index.js';
import type { Clock, Ids } from './deps.js';

/** The service itself, as the actor of what no person did (a checkpoint, a migration). */
export const SYSTEM_ACTOR: Actor = { id: 'system', role: 'system' };

/** The metadata of an event the API records on its own: who, when, and its id (the domain takes them as arguments). */
export function eventMeta(deps: { readonly clock: Clock; readonly ids: Ids }, actor: Actor, at: Date = deps.clock.now()): EventMetadata {
  const id = deps.ids.uuid();
  return { event_id: id, actor, occurred_at: at.toISOString(), correlation_id: id, causation_id: id, schema_version: EVENT_SCHEMA_VERSION };
}

/** A domain fact (type, data, metadata) as the event store takes it. */
export const newEventOf = (fact: { readonly type: string; readonly data: unknown; readonly meta: EventMetadata }): NewEvent => ({
  id: fact.meta.event_id,
  type: fact.type,
  data: fact.data as JsonObject,
  metadata: fact.meta as unknown as JsonObject,
});
