import {
  decideApproval,
  evolveProposal,
  noProposal,
  toReferenceEvent,
  type ApprovalCommand,
  type ApprovalRefusal,
  type EventMetadata,
  type Proposal,
  type ReferenceEvent,
} from '../../domain/index.js';
import type { Decider } from '../command-handler.js';

/** The four-eyes rule refused the decision; nothing was written. */
export class ApprovalRefused extends Error {
  override readonly name = 'ApprovalRefused';
  constructor(readonly reason: ApprovalRefusal) {
    super(`Approval decision refused: ${reason}.`);
  }
}

/** A proposal's stream as the command handler takes it; `meta` names the deciding admin and gives the event its id and time. */
export const approvalDecider = (meta: () => EventMetadata): Decider<Proposal, ApprovalCommand, ReferenceEvent> => ({
  initialState: () => noProposal,
  toEvent: (stored) => toReferenceEvent(stored.type, stored.data, stored.metadata),
  evolve: evolveProposal,
  decide: (proposal, command) => {
    const decision = decideApproval(proposal, command, meta());
    if (!decision.ok) throw new ApprovalRefused(decision.reason);
    return { events: decision.events, state: decision.events.reduce(evolveProposal, proposal) };
  },
});
