import { INSTITUTION_STREAM_PREFIX, MARKUPS_STREAM, NOTICE_STREAM, message, type AuditHistoryEntry } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { actorNames } from './actors.js';
import { changedFields } from './changes.js';
import { actorOf } from '../event-fields.js';
import { streamEvents } from '../stream-events.js';
import { storedHash } from '../../../eventstore/chain/index.js';

export type SettingsStream = { readonly stream: 'markups' | 'notice' } | { readonly stream: 'resource'; readonly id: number };

function streamIdOf(which: SettingsStream): string {
  if (which.stream === 'resource') return `${INSTITUTION_STREAM_PREFIX}${which.id}`;
  return which.stream === 'markups' ? MARKUPS_STREAM : NOTICE_STREAM;
}

/** What the reference event's data holds: the markups, the notice, the institution's fields. */
const contentOf = (data: Record<string, unknown>): unknown => data['markups'] ?? data['institution'] ?? data;

/**
 * The history of the markups, the notice or one institution: every change with who and when and
 * what it changed, so which markup was in force when an order was confirmed can be answered.
 */
export async function settingsHistory(
  deps: Pick<AppDeps, 'eventStore' | 'db'>,
  which: SettingsStream,
): Promise<{ stream: string; events: AuditHistoryEntry[] }> {
  const streamId = streamIdOf(which);
  const events = await streamEvents(deps.eventStore, streamId);
  if (events.length === 0) throw new HttpError('audit_stream_not_found', message('audit.streamNotFound'));
  const nameOf = await actorNames(
    deps.db,
    events.map((event) => actorOf(event).id),
  );
  let previous: unknown = {};
  return {
    stream: streamId,
    events: events.map((event) => {
      const content = contentOf(event.data);
      const changes = changedFields(previous, content);
      previous = content;
      const actor = actorOf(event);
      return {
        revision: event.revision.toString(),
        type: event.type,
        event_id: event.id,
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the log writes occurred_at as an ISO string
        occurred_at: String(event.metadata['occurred_at']),
        actor: { ...actor, name: nameOf(actor.id) },
        status_before: null,
        status_after: null,
        changes,
        hash: storedHash(event.metadata),
      };
    }),
  };
}
