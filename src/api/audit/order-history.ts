import { storedHash } from '../../../eventstore/chain/index.js';
import type { StoredEvent } from '../../../eventstore/port.js';
import {
  evolve,
  initialOrderState,
  message,
  orderStreamId,
  toOrderEvent,
  type AuditHistoryEntry,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { actorOf, textOf } from '../event-fields.js';
import { HttpError } from '../http/errors.js';
import { actorNames } from './actors.js';
import { changedFields, maskChanges, type FieldChange } from './changes.js';
import { streamEvents } from '../stream-events.js';
import { openEvent } from '../privacy/event-privacy.js';

/** Who looks: an admin sees personal values, an auditor sees them masked. */
export type Viewer = 'admin' | 'auditor';

export interface ReplayStep {
  readonly stored: StoredEvent;
  readonly before: OrderSnapshot;
  readonly after: OrderSnapshot;
}

/** An order's stream read once: its events as stored (what the audit checks), and replayed after opening them. */
export interface ReplayedOrder {
  readonly stored: readonly StoredEvent[];
  readonly steps: readonly ReplayStep[];
}

/** The order's events with the machine state before and after each: replay, never the read tables. */
export async function replayOrder(deps: Pick<AppDeps, 'storedEvents' | 'keyring'>, orderId: string): Promise<ReplayedOrder> {
  const stored = await streamEvents(deps.storedEvents, orderStreamId(orderId));
  if (stored.length === 0) throw new HttpError('order_not_found', message('order.notFound'));
  return { stored, steps: replaySteps(await Promise.all(stored.map((event) => openEvent(event, deps.keyring)))) };
}

/** Each opened event of one order with the state before and after it, folded one at a time. */
export function replaySteps(events: readonly StoredEvent[]): ReplayStep[] {
  let state = initialOrderState();
  return events.map((stored) => {
    const before = state;
    state = evolve(state, toOrderEvent(stored.type, stored.data, stored.metadata));
    return { stored, before, after: state };
  });
}

/** Every event of the order's stream in order: who, when, from which status to which, what changed. */
export async function orderHistoryEntries(
  deps: Pick<AppDeps, 'eventStore' | 'db'>,
  steps: readonly ReplayStep[],
  viewer: Viewer,
): Promise<AuditHistoryEntry[]> {
  const nameOf = await actorNames(
    deps.db,
    steps.map(({ stored }) => actorOf(stored).id),
  );
  return steps.map(({ stored, before, after }) => {
    const actor = actorOf(stored);
    const changes = [...changedFields(before.context, after.context), ...writtenText(stored)];
    return {
      revision: stored.revision.toString(),
      type: stored.type,
      event_id: stored.id,
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the log writes occurred_at as an ISO string
      occurred_at: String(stored.metadata['occurred_at']),
      // A payer's name or email is theirs: an auditor reads the role, not who.
      actor: { id: actor.id, role: actor.role, name: viewer === 'auditor' && actor.role === 'payer' ? '•••' : nameOf(actor.id) },
      status_before: before.context.status,
      status_after: after.context.status,
      changes: viewer === 'admin' ? changes : maskChanges(changes),
      hash: storedHash(stored.metadata),
    };
  });
}

/** A message's text, which the order's state does not keep: shown in the history as what the event said. */
const writtenText = (stored: StoredEvent): FieldChange[] =>
  stored.type === 'OrderMessagePosted' ? [{ field: 'message', before: null, after: textOf((stored.data as { text?: unknown }).text) }] : [];
