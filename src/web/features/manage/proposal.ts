import type { ProposalSubmitted } from '../../../domain/contract/manage.js';

/**
 * Four eyes (DESIGN.md section 12): a change to a payee account, a markup or a role grant answers
 * 202 with a proposal instead of the changed value. Nothing has changed yet: the screens keep
 * showing what is in force and say '已提交审批' (the server's message).
 */
export type Proposal = ProposalSubmitted['data'];

export const isProposal = (answer: unknown): answer is Proposal =>
  typeof answer === 'object' && answer !== null && typeof (answer as Partial<Proposal>).approval_id === 'string';
