import type { EventMetadata } from '../order/events.js';
import type { ProposedChange } from './approvals.js';
import type { ChangeProposed, ProposalApproved, ProposalRejected, ReferenceEvent } from './events.js';

/**
 * A proposal's own stream (approval-{id}) folded: nothing yet, or proposed and then decided once.
 * Who proposed it is the ChangeProposed event's actor.
 */
export type Proposal =
  | { readonly state: 'none' }
  | {
      readonly state: 'pending' | 'approved' | 'rejected';
      readonly approvalId: string;
      readonly proposedBy: string;
      readonly change: ProposedChange;
      readonly targetStream: string;
      readonly baseRevision: string | null;
    };

export const noProposal: Proposal = { state: 'none' };

/** A second admin's decision on a proposal; `reason` says why it is rejected (or withdrawn, by its proposer). */
export type ApprovalCommand = { readonly type: 'Approve' } | { readonly type: 'Reject'; readonly reason: string };

export type ApprovalRefusal = 'approval_not_found' | 'approval_decided' | 'approval_own_proposal';

export type ApprovalDecision =
  | { readonly ok: true; readonly events: readonly (ProposalApproved | ProposalRejected)[] }
  | { readonly ok: false; readonly reason: ApprovalRefusal };

/** Only the proposal's own events move it; any other reference event leaves it as it is. */
export function evolveProposal(proposal: Proposal, event: ReferenceEvent): Proposal {
  switch (event.type) {
    case 'ChangeProposed':
      return proposed(event);
    case 'ProposalApproved':
      return proposal.state === 'pending' ? { ...proposal, state: 'approved' } : proposal;
    case 'ProposalRejected':
      return proposal.state === 'pending' ? { ...proposal, state: 'rejected' } : proposal;
    default:
      return proposal;
  }
}

const proposed = ({ data, meta }: ChangeProposed): Proposal => ({
  state: 'pending',
  approvalId: data.approval_id,
  proposedBy: meta.actor.id,
  change: data.change,
  targetStream: data.target_stream,
  baseRevision: data.base_revision,
});

/**
 * Four eyes: a pending proposal is decided once; the admin who proposed it may withdraw it (reject)
 * but never approve it. The decision's actor is `meta`'s.
 */
export function decideApproval(proposal: Proposal, command: ApprovalCommand, meta: EventMetadata): ApprovalDecision {
  if (proposal.state === 'none') return { ok: false, reason: 'approval_not_found' };
  if (proposal.state !== 'pending') return { ok: false, reason: 'approval_decided' };
  const approval_id = proposal.approvalId;
  if (command.type === 'Reject')
    return { ok: true, events: [{ type: 'ProposalRejected', data: { approval_id, reason: command.reason }, meta }] };
  if (proposal.proposedBy === meta.actor.id) return { ok: false, reason: 'approval_own_proposal' };
  return { ok: true, events: [{ type: 'ProposalApproved', data: { approval_id }, meta }] };
}
