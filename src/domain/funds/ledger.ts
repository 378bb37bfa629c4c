import { addMoney, compareMoney, excessMoney, subtractMoney } from '../money.js';
import type { FundsEntry, OrderData } from '../order/order-data.js';

/**
 * The order's funds as DESIGN.md section 10 states them, read from the machine's context (which
 * the money facts build): what is due, received, refunded, and the balance (received − refunded −
 * due: negative is still owed, positive is to refund).
 */
export interface Funds {
  readonly due_cny: string;
  readonly received_cny: string;
  readonly refunded_cny: string;
  readonly balance_cny: string;
  readonly entries: readonly FundsEntry[];
}

export const dueOf = (order: OrderData): string => addMoney(order.price?.cny_amount ?? '0', '0');

/** Received and not sent back. */
export const keptOf = (order: OrderData): string => subtractMoney(order.paid_cny, order.refunded_cny);

export const fundsOf = (order: OrderData): Funds => ({
  due_cny: dueOf(order),
  received_cny: addMoney(order.paid_cny, '0'),
  refunded_cny: addMoney(order.refunded_cny, '0'),
  balance_cny: subtractMoney(keptOf(order), dueOf(order)),
  entries: order.funds_entries,
});

/** Money is in: what was received and kept covers what is due. */
export const fundsCoverDue = (order: OrderData): boolean => order.price !== null && compareMoney(keptOf(order), dueOf(order)) >= 0;

/**
 * What may be refunded now: everything kept once the order is being refunded (9), otherwise only
 * what exceeds the amount due (an overpayment is refunded while the order goes on).
 */
export const refundableOf = (order: OrderData): string =>
  order.status === 9 ? excessMoney(keptOf(order), '0') : excessMoney(keptOf(order), dueOf(order));

/** Every fen received has gone back. */
export const allRefunded = (order: OrderData): boolean => compareMoney(order.refunded_cny, order.paid_cny) === 0;

/** Nothing beyond the amount due is still held (an order completes only without money to give back). */
export const nothingToRefund = (order: OrderData): boolean => compareMoney(keptOf(order), dueOf(order)) <= 0;

export const creditCounted = (order: OrderData, entryRef: string): boolean =>
  order.funds_entries.some((entry) => entry.kind === 'bank_credit' && entry.reference === entryRef);

export const refundCounted = (order: OrderData, reference: string): boolean =>
  order.funds_entries.some((entry) => entry.kind === 'refund' && entry.reference === reference);
