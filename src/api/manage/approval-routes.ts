import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupMayDo,
  isOrderMoneyChange,
  message,
  proposedFieldChanges,
  renderMessage,
  type ApprovalView,
  type ProposedChange,
} from '../../domain/index.js';
import { maskValue } from '../audit/changes.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { requestLocale } from '../http/locale.js';
import { approveProposal, rejectProposal } from './approvals.js';
import { approvalsInState, type ApprovalRow } from './manage-queries.js';
import { usersNamed } from '../auth/users-repository.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

/** The newest first; a back office sees at most this many decided proposals at once. */
const LIST_LIMIT = 200;

/** The institution's name or the user's email or name, for the approver to read. */
async function labelsOf(deps: AppDeps, rows: readonly ApprovalRow[]) {
  const userIds = new Set<number>();
  for (const row of rows) {
    userIds.add(row.proposed_by);
    if (row.decided_by !== null) userIds.add(row.decided_by);
    const change = row.change as ProposedChange;
    if (change.kind === 'user_group') userIds.add(change.user_id);
  }
  const users = await usersNamed(deps.db, [...userIds]);
  const names = new Map(users.map((user) => [user.id, user.name || user.email || `#${user.id}`]));
  return (id: number) => names.get(id) ?? `#${id}`;
}

/** The sender's name on a statement entry is the payer's: an auditor reads it masked. */
const PERSONAL_CHANGE_FIELDS = new Set(['payer_name']);
const masked = (field: { field: string; before: string; after: string }) => ({
  ...field,
  before: maskValue(field.before) ?? '',
  after: maskValue(field.after) ?? '',
});

function toView(row: ApprovalRow, nameOf: (id: number) => string, seesPeople: boolean): ApprovalView {
  const change = row.change as ProposedChange;
  const target =
    change.kind === 'institution'
      ? { id: change.institution_id, label: change.after.name }
      : change.kind === 'user_group'
        ? { id: change.user_id, label: nameOf(change.user_id) }
        : isOrderMoneyChange(change)
          ? { id: null, label: change.order_no }
          : { id: null, label: '' };
  return {
    id: row.id,
    kind: change.kind,
    state: row.state as ApprovalView['state'],
    target,
    changes: proposedFieldChanges(change).map((field) => (seesPeople || !PERSONAL_CHANGE_FIELDS.has(field.field) ? field : masked(field))),
    proposed_by: { id: row.proposed_by, name: nameOf(row.proposed_by) },
    proposed_at: row.proposed_at.toISOString(),
    decided_by: row.decided_by === null ? null : { id: row.decided_by, name: nameOf(row.decided_by) },
    decided_at: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

/**
 * Four eyes (DESIGN.md section 12): the proposals waiting for a second admin, and the decisions.
 * Admins and auditors read them; only admins decide, never on their own proposal.
 */
export const approvalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const done = (request: Parameters<typeof requestLocale>[0]) =>
    ok({ message: renderMessage(message('reference.saved'), requestLocale(request)) });

  endpointRoute(app, manageEndpoints.approvals, async (request) => {
    const state = request.body?.state ?? 'pending';
    const rows = await approvalsInState(deps.db, state, LIST_LIMIT);
    const nameOf = await labelsOf(deps, rows);
    const seesPeople = groupMayDo(request.user!.group, 'personal.read');
    return ok(rows.map((row) => toView(row, nameOf, seesPeople)));
  });

  endpointRoute(app, manageEndpoints.approve, async (request) => {
    await approveProposal(deps, request.body.id, request.user!);
    return done(request);
  });

  endpointRoute(app, manageEndpoints.reject, async (request) => {
    await rejectProposal(deps, request.body.id, request.user!, request.body.reason);
    return ok({ message: renderMessage(message('approval.rejected'), requestLocale(request)) });
  });
};
