import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideApproval,
  evolveProposal,
  noProposal,
  type ApprovalCommand,
  type EventMetadata,
  type Proposal,
  type ReferenceEvent,
} from '../../src/domain/index.js';

const metaBy = (adminId: string): EventMetadata => ({
  event_id: `e-${adminId}`,
  actor: { id: adminId, role: 'admin' },
  occurred_at: '2026-11-27T08:00:00.000Z',
  correlation_id: 'c',
  causation_id: 'c',
  schema_version: 1,
});

const PROPOSED: ReferenceEvent = {
  type: 'ChangeProposed',
  data: {
    approval_id: 'a1',
    change: { kind: 'user_group', user_id: 9, before: 0, after: 1 },
    target_stream: 'user-9',
    base_revision: '3',
  },
  meta: metaBy('1'),
};

const given = (...events: ReferenceEvent[]): Proposal => events.reduce(evolveProposal, noProposal);
const APPROVE: ApprovalCommand = { type: 'Approve' };
const reject = (reason: string): ApprovalCommand => ({ type: 'Reject', reason });

describe('four eyes on a proposal: given its events, when an admin decides, then', () => {
  it('a second admin approves a pending proposal', () => {
    expect(decideApproval(given(PROPOSED), APPROVE, metaBy('2'))).toEqual({
      ok: true,
      events: [{ type: 'ProposalApproved', data: { approval_id: 'a1' }, meta: metaBy('2') }],
    });
  });

  it('the proposer cannot approve it, but may withdraw it', () => {
    expect(decideApproval(given(PROPOSED), APPROVE, metaBy('1'))).toEqual({ ok: false, reason: 'approval_own_proposal' });
    expect(decideApproval(given(PROPOSED), reject('不再需要'), metaBy('1'))).toMatchObject({
      ok: true,
      events: [{ type: 'ProposalRejected', data: { approval_id: 'a1', reason: '不再需要' } }],
    });
  });

  it('a decided proposal is decided once', () => {
    const approved = given(PROPOSED, { type: 'ProposalApproved', data: { approval_id: 'a1' }, meta: metaBy('2') });
    expect(approved.state).toBe('approved');
    expect(decideApproval(approved, reject('太晚'), metaBy('3'))).toEqual({ ok: false, reason: 'approval_decided' });
    expect(decideApproval(approved, APPROVE, metaBy('3'))).toEqual({ ok: false, reason: 'approval_decided' });
  });

  it('a proposal that was never made is not found', () => {
    expect(decideApproval(given(), APPROVE, metaBy('2'))).toEqual({ ok: false, reason: 'approval_not_found' });
  });

  it('for any sequence of decisions by any admins: at most one decision is recorded, and never an approval by the proposer', () => {
    const attempt = fc.record({
      admin: fc.constantFrom('1', '2', '3'),
      command: fc.oneof(fc.constant(APPROVE), fc.string({ minLength: 1, maxLength: 5 }).map(reject)),
    });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 8 }), (attempts) => {
        let proposal = given(PROPOSED);
        const recorded: ReferenceEvent[] = [];
        for (const { admin, command } of attempts) {
          const decision = decideApproval(proposal, command, metaBy(admin));
          if (!decision.ok) continue;
          recorded.push(...decision.events);
          proposal = decision.events.reduce(evolveProposal, proposal);
        }
        expect(recorded.length).toBeLessThanOrEqual(1);
        expect(recorded.filter((event) => event.type === 'ProposalApproved' && event.meta.actor.id === '1')).toEqual([]);
        expect(proposal.state).toBe(recorded.length === 0 ? 'pending' : recorded[0]!.type === 'ProposalApproved' ? 'approved' : 'rejected');
      }),
    );
  });
});
