import { occurredAt } from '../stream-events.js';
import { displayOf, eventsOfferedIn, message, settableStatuses, type AuditOrderAsOf } from '../../domain/index.js';
import { HttpError } from '../http/errors.js';
import { maskedPersonal, toOrderView } from '../orders/order-view.js';
import type { ReplayStep, Viewer } from './order-history.js';
import { replayedRow } from './replayed-row.js';

export type AsOf = { readonly revision: bigint } | { readonly at: Date };

/** The last step at or before the revision or instant; none when the order did not exist yet (or the revision is past its end). */
function stepAt(steps: readonly ReplayStep[], point: AsOf): ReplayStep {
  const found =
    'revision' in point
      ? steps.find((step) => step.stored.revision === point.revision)
      : steps.filter((step) => occurredAt(step.stored).getTime() <= point.at.getTime()).at(-1);
  if (!found) throw new HttpError('audit_point_not_found', message('audit.pointNotFound'));
  return found;
}

/**
 * The order as it stood after that revision (or at that instant), from a replay of the stream's
 * prefix through `evolve`: its fields, the progress display the payer saw, and what the machine
 * would then have taken (event types by role, statuses an admin could set).
 */
export function orderAsOf(steps: readonly ReplayStep[], point: AsOf, viewer: Viewer): AuditOrderAsOf {
  const step = stepAt(steps, point);
  const state = step.after;
  const order = state.context;
  const at = occurredAt(step.stored);
  const view = toOrderView(replayedRow(order, step.stored.revision, new Date(order.created_at ?? at), at), null);
  const probe = {
    event_id: 'probe',
    actor: { id: 'audit', role: 'admin' as const },
    occurred_at: at.toISOString(),
    correlation_id: 'probe',
    causation_id: 'probe',
    schema_version: 1,
  };
  return {
    id: order.id,
    revision: step.stored.revision.toString(),
    occurred_at: at.toISOString(),
    order: viewer === 'admin' ? view : maskedPersonal(view),
    display: displayOf(state),
    offered: eventsOfferedIn(state).map(({ type, roles }) => ({ type, roles: [...roles] })),
    settable_statuses: settableStatuses(state, probe),
  };
}
