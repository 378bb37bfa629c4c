import type { NewEvent, JsonObject, ExpectedRevision } from '../../../eventstore/port.js';
import { EVENT_SCHEMA_VERSION, message, type Actor, type EventMetadata, type ReferenceEvent } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { appendVisibly } from '../append-visibly.js';
import { HttpError } from '../http/errors.js';

type ReferenceDeps = Pick<AppDeps, 'eventStore' | 'projections' | 'clock' | 'ids' | 'reference'>;

export const adminActor = (user: { id: number }): Actor => ({ id: String(user.id), role: 'admin' });

/** The metadata of one reference event: who, when, and its id (the domain takes them as arguments). */
export function referenceMeta(deps: Pick<AppDeps, 'clock' | 'ids'>, actor: Actor): EventMetadata {
  const id = deps.ids.uuid();
  return { event_id: id, actor, occurred_at: deps.clock.now().toISOString(), correlation_id: id, causation_id: id, schema_version: EVENT_SCHEMA_VERSION };
}

/** The stream's last revision, to append with: a concurrent change makes the append fail rather than be lost. */
export async function streamRevision(deps: Pick<AppDeps, 'eventStore'>, streamId: string): Promise<ExpectedRevision> {
  let revision: bigint | undefined;
  for (;;) {
    const page = await deps.eventStore.readStream(streamId, { fromRevision: revision === undefined ? 0n : revision + 1n, maxCount: 500 });
    for (const event of page) revision = event.revision;
    if (page.length < 500) return revision ?? 'no_stream';
  }
}

/**
 * Appends a reference change to its stream and returns once the read tables show it, so the next
 * read (the admin's table, the payer's estimate) sees it.
 */
export async function appendReference(deps: ReferenceDeps, streamId: string, event: ReferenceEvent, expected: ExpectedRevision): Promise<void> {
  if (deps.projections.problem()) throw new HttpError('service_unavailable', message('http.unavailable'));
  const stored: NewEvent = {
    id: event.meta.event_id,
    type: event.type,
    data: event.data as unknown as JsonObject,
    metadata: event.meta as unknown as JsonObject,
  };
  await appendVisibly(deps, { streamId, events: [stored], expected, waitKey: streamId });
  // Other processes hear of it through reference_changed; this one forgets now.
  deps.reference.forget();
}
