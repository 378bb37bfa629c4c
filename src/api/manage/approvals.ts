import { ConcurrencyError, type ExpectedRevision } from '../../../eventstore/port.js';
import {
  approvalStreamId,
  groupChangeRefusal,
  institutionStreamId,
  MARKUPS_STREAM,
  message,
  renderMessage,
  userStreamId,
  decideApproval,
  type ApprovalCommand,
  type ApprovalRefusal,
  type EventMetadata,
  type Proposal,
  type ProposedChange,
  type ReferenceEvent,
  isOrderMoneyChange,
  orderStreamId,
  type OrderMoneyChange,
} from '../../domain/index.js';
import { applyOrderMoneyChange } from './order-money-approvals.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/authenticate.js';
import { requestLocale } from '../http/locale.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { eventMeta } from '../recorded-events.js';
import { streamEvents } from '../stream-events.js';
import { adminActor, appendReference, appendReferenceEvents, streamRevision } from './reference-commands.js';
import { handleCommand, loadStream, type Loaded } from '../../application/command-handler.js';
import { ApprovalRefused, approvalDecider } from '../../application/reference/approval-decider.js';

type ApprovalDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'reference' | 'users' | 'keyring'>;

/** The stream a change is appended to once approved. */
function targetStreamOf(change: ProposedChange): string {
  switch (change.kind) {
    case 'institution':
      return institutionStreamId(change.institution_id);
    case 'markups':
      return MARKUPS_STREAM;
    case 'user_group':
      return userStreamId(change.user_id);
    case 'refund':
    case 'credit_assignment':
      return orderStreamId(change.order_id);
  }
}

type ReferenceChange = Exclude<ProposedChange, OrderMoneyChange>;

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
function effectOf(change: ReferenceChange, approval: { id: string; proposed_by: string }, meta: EventMetadata): ReferenceEvent {
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

const REFUSAL_TEXTS = {
  approval_not_found: 'approval.notFound',
  approval_decided: 'approval.decided',
  approval_own_proposal: 'approval.ownProposal',
} as const satisfies Record<ApprovalRefusal, string>;

const refusalError = (reason: ApprovalRefusal) => new HttpError(reason, message(REFUSAL_TEXTS[reason]));

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
 * The proposal's decision, through the command handler on its own stream: decided on the stream
 * (not on a read row that may lag), appended expecting the revision it was decided on. Of two
 * admins deciding at once, the second's append is refused, decided again on the new state, and
 * told the proposal is decided.
 */
async function decide(deps: ApprovalDeps, id: string, command: ApprovalCommand, admin: AuthUser, loaded?: Loaded<Proposal>) {
  const decider = approvalDecider(() => eventMeta(deps, adminActor(admin)));
  try {
    await handleCommand(deps.eventStore, decider, approvalStreamId(id), command, {
      assumed: loaded,
      append: ({ streamId, events, expected }) => appendReferenceEvents(deps, streamId, events, expected),
    });
  } catch (error) {
    throw error instanceof ApprovalRefused ? refusalError(error.reason) : error;
  }
}

/** The proposal as its stream holds it; refused now when the command cannot be decided on it. */
async function pendingProposal(deps: ApprovalDeps, id: string, command: ApprovalCommand, admin: AuthUser) {
  const meta = () => eventMeta(deps, adminActor(admin));
  const loaded = await loadStream(deps.eventStore, approvalDecider(meta), approvalStreamId(id));
  const decision = decideApproval(loaded.state, command, meta());
  if (!decision.ok) throw refusalError(decision.reason);
  const proposal = loaded.state;
  // decideApproval refused a missing proposal already; this only tells the type checker.
  if (proposal.state === 'none') throw refusalError('approval_not_found');
  return { loaded, proposal };
}

/**
 * A second admin approves: the change is appended to its own stream expecting the revision the
 * proposal saw (anything changed meanwhile makes the proposal stale: reject it and propose again),
 * then the approval is recorded. The proposer cannot approve their own proposal.
 */
export async function approveProposal(deps: ApprovalDeps, id: string, approver: AuthUser): Promise<void> {
  const command: ApprovalCommand = { type: 'Approve' };
  const { loaded, proposal } = await pendingProposal(deps, id, command, approver);
  const change = proposal.change;
  if (isOrderMoneyChange(change)) await applyOrderMoneyChange(deps, change, approver);
  else await applyReferenceChange(deps, { ...proposal, change }, id, approver);
  await decide(deps, id, command, approver, loaded);
}

type PendingProposal = Awaited<ReturnType<typeof pendingProposal>>['proposal'];

/** A reference change is applied to what its proposer saw, or not at all (stale). */
async function applyReferenceChange(
  deps: ApprovalDeps,
  proposal: PendingProposal & { change: ReferenceChange },
  id: string,
  approver: AuthUser,
): Promise<void> {
  if (!(await appliedAlready(deps, proposal.targetStream, id))) {
    const current = await streamRevision(deps, proposal.targetStream);
    if (String(current) !== String(toExpected(proposal.baseRevision))) {
      // Another admin approving at the same moment may have applied it since it was looked for: then
      // the decision below says it is decided; anything else moved the target, and the proposal is stale.
      if (await appliedAlready(deps, proposal.targetStream, id)) return;
      throw new HttpError('approval_stale', message('approval.stale'));
    }
    await refuseLastAdmin(deps, proposal.change);
    const effect = effectOf(proposal.change, { id, proposed_by: proposal.proposedBy }, eventMeta(deps, adminActor(approver)));
    try {
      await appendReference(deps, proposal.targetStream, effect, toExpected(proposal.baseRevision));
    } catch (error) {
      // Another admin approving at the same moment got there first: then the decision below says so.
      if (!(error instanceof ConcurrencyError)) throw error;
      if (!(await appliedAlready(deps, proposal.targetStream, id))) throw new HttpError('approval_stale', message('approval.stale'));
    }
    if (proposal.change.kind === 'user_group') deps.users.forget(proposal.change.user_id);
  }
}

/** Another admin (or the proposer, withdrawing it) rejects a proposal, with a reason; nothing changes. */
export async function rejectProposal(deps: ApprovalDeps, id: string, decider: AuthUser, reason: string): Promise<void> {
  const command: ApprovalCommand = { type: 'Reject', reason };
  const { loaded, proposal } = await pendingProposal(deps, id, command, decider);
  if (await appliedAlready(deps, proposal.targetStream, id)) throw refusalError('approval_decided');
  await decide(deps, id, command, decider, loaded);
}

/** A change that became a proposal answers 202 with its id and '已提交审批' (where SPEC's immediate change said '已生效'). */
export function answerProposal(request: FastifyRequest, reply: FastifyReply, approvalId: string) {
  return reply
    .code(202)
    .send({ data: { approval_id: approvalId, message: renderMessage(message('approval.submitted'), requestLocale(request)) } });
}
