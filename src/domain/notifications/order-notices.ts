import { chinaDateTime } from '../china-time.js';
import { compareMoney, subtractMoney } from '../money.js';
import type { OrderEvent } from '../order/events.js';
import { ORDER_TAGS, type OrderSnapshot } from '../order/order-machine.js';
import type { Notice, NoticeFacts, NoticeOrder } from './notice.js';
import type { PayerKind } from './kinds.js';

const MONEY_EVENTS: ReadonlySet<OrderEvent['type']> = new Set(['PaymentReceived', 'ShortPaymentReceived', 'BankCreditMatched']);

const entered = (before: OrderSnapshot, after: OrderSnapshot, tag: (typeof ORDER_TAGS)[keyof typeof ORDER_TAGS]) =>
  !before.hasTag(tag) && after.hasTag(tag);

const positive = (amount: string) => compareMoney(amount, '0') > 0;

/**
 * What an order's event tells whom (DESIGN.md section 11): given the order's state before and
 * after the event, the notices it raises. The machine's tags say what a state means; no status
 * number is compared here. Partner orders have no payer to tell.
 */
export function noticesOfOrderEvent(before: OrderSnapshot, after: OrderSnapshot, event: OrderEvent): Notice[] {
  const order: NoticeOrder = { id: after.context.id, no: after.context.order_no };
  const key = event.meta.event_id;
  const owner = after.context.owner_id;
  const notices: Notice[] = [];
  const toPayer = (kind: PayerKind, facts: NoticeFacts = {}) => {
    if (owner !== '') notices.push({ to: { payer: owner }, kind, key, order, facts });
  };
  const due = after.context.price?.cny_amount ?? '0.00';

  if (event.type === 'OrderConfirmed') {
    toPayer('order_confirmed', { amount_cny: event.data.price.cny_amount, deadline: chinaDateTime(new Date(event.data.deadline_date)) });
  }
  if (MONEY_EVENTS.has(event.type)) {
    // Still waiting for money after money came: it was short.
    const paid = after.context.paid_cny;
    if (after.hasTag(ORDER_TAGS.paymentDue)) toPayer('money_short', { paid_cny: paid, shortfall_cny: subtractMoney(due, paid) });
    else toPayer('money_received', { paid_cny: paid });
  }
  if (entered(before, after, ORDER_TAGS.materialsRequested)) toPayer('materials_requested', { note: after.context.materials_note });
  if (after.context.status !== before.context.status && after.hasTag(ORDER_TAGS.payerTold)) {
    toPayer('status_changed', { status: String(after.context.status) });
  }
  if (event.type === 'OrderTimedOut') toPayer('timed_out');
  if (event.type === 'RefundRecorded') toPayer('refund_recorded', { refunded_cny: event.data.amount_cny });

  // A message tells the other side of the thread (DESIGN.md section 11).
  if (event.type === 'OrderMessagePosted') {
    if (event.meta.actor.role === 'payer') notices.push({ to: 'admins', kind: 'payer_message', key, order, facts: {} });
    else toPayer('message_answered');
  }
  if (event.type === 'PaymentFinished') notices.push({ to: 'admins', kind: 'transfer_declared', key, order, facts: { amount_cny: due } });
  if (event.type === 'UploadFinished' && before.hasTag(ORDER_TAGS.materialsRequested)) {
    notices.push({ to: 'admins', kind: 'documents_uploaded', key, order, facts: {} });
  }
  if (!positive(before.context.overpaid_cny) && positive(after.context.overpaid_cny)) {
    notices.push({ to: 'admins', kind: 'overpayment', key, order, facts: { overpaid_cny: after.context.overpaid_cny } });
  }
  return notices;
}

/** An order whose payment deadline is near: one reminder per order and deadline. */
interface DeadlineNear {
  readonly id: string;
  readonly order_no: string;
  readonly owner_id: string;
  readonly deadline: Date;
  readonly cny_amount: string | null;
}

/** How long before the payment deadline the payer is reminded. */
export const REMINDER_BEFORE_MS = 24 * 3600 * 1000;

export function deadlineReminder(order: DeadlineNear): Notice[] {
  if (order.owner_id === '') return [];
  return [
    {
      to: { payer: order.owner_id },
      kind: 'deadline_reminder',
      key: `deadline:${order.id}:${order.deadline.toISOString()}`,
      order: { id: order.id, no: order.order_no },
      facts: { deadline: chinaDateTime(order.deadline), amount_cny: order.cny_amount ?? '' },
    },
  ];
}

/** A statement credit nobody's order could be found for: the admins match it by hand. */
export const unmatchedEntryNotice = (entry: { readonly entry_ref: string; readonly amount_cny: string }): Notice => ({
  to: 'admins',
  kind: 'statement_unmatched',
  key: `statement-entry:${entry.entry_ref}`,
  order: null,
  facts: { entry_ref: entry.entry_ref, amount_cny: entry.amount_cny },
});

/** A proposal (four eyes) waits for a second admin; its proposer cannot approve it, so is not told. */
export const approvalWaitingNotice = (eventId: string, proposerId: string): Notice => ({
  to: 'admins',
  kind: 'approval_waiting',
  key: eventId,
  order: null,
  facts: {},
  except: proposerId,
});
