import { ConcurrencyError, type ExpectedRevision } from '../../../eventstore/port.js';
import {
  approvalStreamId,
  groupChangeRefusal,
  institutionStreamId,
  MARKUPS_STREAM,
  message,
  renderMessage,
  userStreamId,
  type EventMetadata,
  type ProposedChange,
  type ReferenceEvent,
} from '../../domain/index.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/authenticate.js';
import { requestLocale } from '../http/locale.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { eventMeta } from '../recorded-events.js';
import { streamEvents } from '../stream-events.js';
import { adminActor, appendReference, streamRevision } from './reference-commands.js';

type ApprovalDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'reference' | 'users'>;

/** The stream a change is appended to once approved. */
function targetStreamOf(change: ProposedChange): string {
  switch (change.kind) {
    case 'institution':
      return institutionStreamId(change.institution_id);
    case 'markups':
      return MARKUPS_STREAM;
    case 'user_group':
      return userStreamId(change.user_id);
  }
}

const toExpected = (revision: string | null): ExpectedRevision => (revision === null ? 'no_stream' : BigInt(revision));

/**
 * Records a change as a proposal (DESIGN.md section 12): nothing changes until a second admin
 * approves. The proposal remembers the revision of the stream it changes, so it can only be
 * applied to what its proposer saw.
 */
export async function proposeChange(deps: ApprovalDeps, change: ProposedChange, proposer: AuthUser): Promise<string> {
  const approvalId = deps.ids.uuid();
  const target_stream = targetStreamOf(change);
  const base = await streamRevision(deps, target_stream);
  const data = { approval_id: approvalId, change, target_stream, base_revision: base === 'no_stream' ? null : base.toString() };
  await appendReference(
    deps,
    approvalStreamId(approvalId),
    { type: 'ChangeProposed', data, meta: eventMeta(deps, adminActor(proposer)) },
    'no_stream',
  );
  return approvalId;
}

/** The change as the event its own stream records, naming the proposal it came from. */
function effectOf(change: ProposedChange, approval: { id: string; proposed_by: string }, meta: EventMetadata): ReferenceEvent {
  switch (change.kind) {
    case 'institution':
      return {
        type: change.before === null ? 'InstitutionRegistered' : 'InstitutionChanged',
        data: { id: change.institution_id, institution: change.after, approval },
        meta,
      };
    case 'markups':
      return { type: 'MarkupsChanged', data: { markups: change.after, approval }, meta };
    case 'user_group':
      return { type: 'UserGroupChanged', data: { user_id: change.user_id, group: change.after, previous: change.before, approval }, meta };
  }
}

async function pendingApproval(deps: ApprovalDeps, id: string) {
  const row = await deps.db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError('approval_not_found', message('approval.notFound'));
  if (row.state !== 'pending') throw new HttpError('approval_decided', message('approval.decided'));
  return { ...row, change: row.change as ProposedChange };
}

/** Whether the change was applied already (a decision interrupted between its two appends). */
async function appliedAlready(deps: ApprovalDeps, targetStream: string, approvalId: string): Promise<boolean> {
  const events = await streamEvents(deps.eventStore, targetStream);
  return events.some((event) => (event.data['approval'] as { id?: string } | undefined)?.id === approvalId);
}

async function refuseLastAdmin(deps: ApprovalDeps, change: ProposedChange): Promise<void> {
  if (change.kind !== 'user_group') return;
  const admins = await deps.db.selectFrom('users').select('id').where('group', '=', 1).limit(2).execute();
  if (groupChangeRefusal(change.before, change.after, admins.length) === 'last_admin')
    throw new HttpError('last_admin', message('reference.lastAdmin'));
}

/**
 * A second admin approves: the change is appended to its own stream expecting the revision the
 * proposal saw (anything changed meanwhile makes the proposal stale: reject it and propose again),
 * then the approval is recorded. The proposer cannot approve their own proposal.
 */
export async function approveProposal(deps: ApprovalDeps, id: string, approver: AuthUser): Promise<void> {
  const approval = await pendingApproval(deps, id);
  if (approval.proposed_by === approver.id) throw new HttpError('approval_own_proposal', message('approval.ownProposal'));
  if (!(await appliedAlready(deps, approval.target_stream, id))) {
    const current = await streamRevision(deps, approval.target_stream);
    if (String(current) !== String(toExpected(approval.base_revision))) throw new HttpError('approval_stale', message('approval.stale'));
    await refuseLastAdmin(deps, approval.change);
    const effect = effectOf(approval.change, { id, proposed_by: String(approval.proposed_by) }, eventMeta(deps, adminActor(approver)));
    try {
      await appendReference(deps, approval.target_stream, effect, toExpected(approval.base_revision));
    } catch (error) {
      throw error instanceof ConcurrencyError ? new HttpError('approval_stale', message('approval.stale')) : error;
    }
    if (approval.change.kind === 'user_group') deps.users.forget(approval.change.user_id);
  }
  await decide(deps, id, { type: 'ProposalApproved', data: { approval_id: id }, meta: eventMeta(deps, adminActor(approver)) });
}

/** Another admin (or the proposer, withdrawing it) rejects a proposal, with a reason; nothing changes. */
export async function rejectProposal(deps: ApprovalDeps, id: string, decider: AuthUser, reason: string): Promise<void> {
  const approval = await pendingApproval(deps, id);
  if (await appliedAlready(deps, approval.target_stream, id)) throw new HttpError('approval_decided', message('approval.decided'));
  await decide(deps, id, { type: 'ProposalRejected', data: { approval_id: id, reason }, meta: eventMeta(deps, adminActor(decider)) });
}

/** The decision follows the proposal at revision 0: of two deciders at once, the second is told it is decided. */
async function decide(deps: ApprovalDeps, id: string, event: ReferenceEvent): Promise<void> {
  try {
    await appendReference(deps, approvalStreamId(id), event, 0n);
  } catch (error) {
    throw error instanceof ConcurrencyError ? new HttpError('approval_decided', message('approval.decided')) : error;
  }
}

/** A change that became a proposal answers 202 with its id and '已提交审批' (where SPEC's immediate change said '已生效'). */
export function answerProposal(request: FastifyRequest, reply: FastifyReply, approvalId: string) {
  return reply
    .code(202)
    .send({ data: { approval_id: approvalId, message: renderMessage(message('approval.submitted'), requestLocale(request)) } });
}
