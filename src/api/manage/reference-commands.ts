import type { ExpectedRevision } from '../../../eventstore/port.js';
import { message, type Actor, type ReferenceEvent } from '../../domain/index.js';
import { newEventOf } from '../recorded-events.js';
import type { AppDeps } from '../deps.js';
import { appendVisibly } from '../append-visibly.js';
import { streamEvents } from '../stream-events.js';
import { HttpError } from '../http/errors.js';

type ReferenceDeps = Pick<AppDeps, 'eventStore' | 'projections' | 'clock' | 'ids' | 'reference'>;

export const adminActor = (user: { id: number }): Actor => ({ id: String(user.id), role: 'admin' });

/** The stream's last revision, to append with: a concurrent change makes the append fail rather than be lost. */
export async function streamRevision(deps: Pick<AppDeps, 'eventStore'>, streamId: string): Promise<ExpectedRevision> {
  return (await streamEvents(deps.eventStore, streamId)).at(-1)?.revision ?? 'no_stream';
}

/**
 * Appends a reference change to its stream and returns once the read tables show it, so the next
 * read (the admin's table, the payer's estimate) sees it.
 */
export function appendReference(deps: ReferenceDeps, streamId: string, event: ReferenceEvent, expected: ExpectedRevision): Promise<void> {
  return appendReferenceEvents(deps, streamId, [event], expected);
}

export async function appendReferenceEvents(
  deps: ReferenceDeps,
  streamId: string,
  events: readonly ReferenceEvent[],
  expected: ExpectedRevision,
): Promise<void> {
  if (deps.projections.problem()) throw new HttpError('service_unavailable', message('http.unavailable'));
  await appendVisibly(deps, { streamId, events: events.map(newEventOf), expected, waitKey: streamId });
  // Other processes hear of it through reference_changed; this one forgets now.
  deps.reference.forget();
}
