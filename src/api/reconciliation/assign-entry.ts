import { orderIdByNumber } from '../orders/order-queries.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  creditCounted,
  decide,
  message,
  OrderCommandRefused,
  snapshotOf,
  type OrderCommand,
  type OrderMoneyChange,
} from '../../domain/index.js';
import type { Db } from '../../database/schema.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { answerProposal, proposeChange } from '../manage/approvals.js';
import { adminActor } from '../manage/reference-commands.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';
import { findEntry, type EntryRow } from './entries-repository.js';
import { entryNotHandled } from './return-entry.js';

type CreditAssignment = Extract<OrderMoneyChange, { kind: 'credit_assignment' }>;
export type AssignDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;
type ProposeDeps = Parameters<typeof proposeChange>[0] & AssignDeps;

const creditOf = (change: CreditAssignment): OrderCommand => {
  const { entry_ref, booking_date, amount_cny, payer_name, payer_account, reason } = change;
  return { type: 'matchBankCredit', entry_ref, booking_date, amount_cny, payer_name, payer_account, reason };
};

async function unmatchedEntry(db: Db, ref: string): Promise<EntryRow> {
  const entry = await findEntry(db, ref);
  if (entry?.state !== 'unmatched') throw await entryNotHandled(db, ref);
  return entry;
}

/** The order, read from its stream, refuses the credit now (it does not take money): the proposal is refused with its reason. */
async function refuseWhatTheOrderWouldRefuse(deps: AssignDeps, orderId: string, command: OrderCommand, by: AuthUser): Promise<string> {
  const row = await deps.db.selectFrom('orders').select(['order_no', 'state']).where('id', '=', orderId).executeTakeFirst();
  if (!row) throw new HttpError('order_not_found', message('order.notFound'));
  const context = {
    actor: adminActor(by),
    now: deps.clock.now().toISOString(),
    eventId: 'probe',
    correlationId: 'probe',
    causationId: 'probe',
  };
  const decision = decide(snapshotOf(row.state), command, context);
  if (!decision.ok) throw decision.error;
  return row.order_no;
}

/**
 * An admin proposes to match an unmatched entry to an order (named by its id or its number) by hand (DESIGN.md sections 10 and 12):
 * refused at once when the entry is not unmatched or the order would not take the credit; else a
 * proposal a second admin approves, answered 202.
 */
export async function proposeAssignment(
  deps: ProposeDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { entry_ref: string; order_id: string; reason: string },
) {
  const entry = await unmatchedEntry(deps.db, body.entry_ref);
  const { entry_ref, booking_date, amount_cny, payer_name, payer_account } = entry;
  const partial = { entry_ref, booking_date, amount_cny, payer_name, payer_account, reason: body.reason };
  // A person types the order's number as often as its id.
  const order_id = (await orderIdByNumber(deps.db, body.order_id.trim().toUpperCase()))?.id ?? body.order_id;
  const change: Omit<CreditAssignment, 'order_no'> = { kind: 'credit_assignment', order_id, ...partial };
  const order_no = await refuseWhatTheOrderWouldRefuse(deps, order_id, creditOf({ ...change, order_no: '' }), request.user!);
  const approvalId = await proposeChange(deps, { ...change, order_no }, request.user!);
  return answerProposal(request, reply, approvalId);
}

/** Takes the entry for this order (unmatched → pending), so no import, return or other approval handles it meanwhile. */
async function claimEntry(deps: AssignDeps, change: CreditAssignment, approver: AuthUser): Promise<void> {
  const claimed = await deps.db
    .updateTable('statement_entries')
    .set({ state: 'pending', order_id: change.order_id, order_no: change.order_no, reason: change.reason, decided_by: approver.id })
    .where('entry_ref', '=', change.entry_ref)
    .where('state', '=', 'unmatched')
    .returning('entry_ref')
    .executeTakeFirst();
  if (!claimed) throw await entryNotHandled(deps.db, change.entry_ref);
}

/**
 * A statement entry matched to an order by hand, once a second admin approved it: the entry must
 * still be unmatched; the order takes the credit as it would a matched one (or refuses it, and the
 * entry stays unmatched, the proposal pending to be rejected); the entry is marked matched, with
 * the reason and the approver. Crash-safe: an approval interrupted after the claim is finished by
 * the next import or by approving again; the order counts the entry's reference once.
 */
export async function applyCreditAssignment(deps: AssignDeps, change: CreditAssignment, approver: AuthUser): Promise<void> {
  const entry = await findEntry(deps.db, change.entry_ref);
  if (!entry) throw await entryNotHandled(deps.db, change.entry_ref);
  const { state } = await loadOrder(deps, change.order_id);
  if (!creditCounted(state.context, change.entry_ref)) {
    if (entry.state !== 'pending' || entry.order_id !== change.order_id) await claimEntry(deps, change, approver);
    try {
      await runOrderCommand(deps, change.order_id, creditOf(change), adminActor(approver));
    } catch (error) {
      if (error instanceof OrderCommandRefused && error.reason !== 'payment_already_recorded') await releaseEntry(deps.db, entry);
      if (!(error instanceof OrderCommandRefused) || error.reason !== 'payment_already_recorded') throw error;
    }
  }
  await deps.db
    .updateTable('statement_entries')
    .set({ state: 'matched', order_id: change.order_id, order_no: change.order_no, reason: change.reason, decided_by: approver.id })
    .set({ decided_at: deps.clock.now() })
    .where('entry_ref', '=', change.entry_ref)
    .where('state', 'in', ['pending', 'unmatched'])
    .execute();
}

/** The order refused the credit: the entry is unmatched again, as it was. */
async function releaseEntry(db: Db, entry: EntryRow): Promise<void> {
  await db
    .updateTable('statement_entries')
    .set({ state: 'unmatched', order_id: null, order_no: null, reason: entry.reason, decided_by: null, decided_at: null })
    .where('entry_ref', '=', entry.entry_ref)
    .where('state', '=', 'pending')
    .execute();
}
