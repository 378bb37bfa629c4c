import { addMoney, compareMoney, excessMoney } from '../money.js';
import { orderNumbersIn } from './postscript.js';

/** A statement entry as matching reads it. */
export interface CreditEntry {
  readonly entry_ref: string;
  readonly direction: 'credit' | 'debit';
  readonly amount_cny: string;
  readonly postscript: string;
}

/** An order a remittance text names, with what it is due and has received so far. */
export interface OrderFunds {
  readonly order_id: string;
  readonly order_no: string;
  readonly due_cny: string;
  readonly received_cny: string;
  /** Whether the order takes money now (the machine says: awaiting payment, declared, or short). */
  readonly takesMoney: boolean;
}

export type UnmatchedReason = 'no_order_number' | 'unknown_order' | 'order_not_awaiting_money' | 'several_orders';

/**
 * What becomes of one entry: a debit is not a payer's money; an entry already imported is a
 * duplicate; a credit naming exactly one order that takes money is matched, and says whether it
 * covers what is due (`full`), leaves a shortfall (`short`) or pays more (`over`); anything else
 * waits, unmatched, for a person.
 */
export type EntryVerdict =
  | { readonly kind: 'debit' }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'unmatched'; readonly reason: UnmatchedReason }
  | {
      readonly kind: 'matched';
      readonly order_id: string;
      readonly order_no: string;
      readonly outcome: 'full' | 'short' | 'over';
      /** Received so far, this entry included. */
      readonly received_cny: string;
      readonly shortfall_cny: string;
      readonly excess_cny: string;
    };

export interface StatementMatching {
  /** Entry references imported before (from earlier statements). */
  readonly imported: ReadonlySet<string>;
  /** The orders by number, as they stand before this statement. */
  readonly orders: ReadonlyMap<string, OrderFunds>;
}

function matchedVerdict(order: OrderFunds, amount: string): EntryVerdict {
  const received_cny = addMoney(order.received_cny, amount);
  const comparison = compareMoney(received_cny, order.due_cny);
  return {
    kind: 'matched',
    order_id: order.order_id,
    order_no: order.order_no,
    outcome: comparison < 0 ? 'short' : comparison === 0 ? 'full' : 'over',
    received_cny,
    shortfall_cny: excessMoney(order.due_cny, received_cny),
    excess_cny: excessMoney(received_cny, order.due_cny),
  };
}

function creditVerdict(entry: CreditEntry, orders: ReadonlyMap<string, OrderFunds>): EntryVerdict {
  const numbers = orderNumbersIn(entry.postscript);
  if (numbers.length === 0) return { kind: 'unmatched', reason: 'no_order_number' };
  const named = numbers.map((number) => orders.get(number)).filter((order) => order !== undefined);
  if (named.length === 0) return { kind: 'unmatched', reason: 'unknown_order' };
  const open = named.filter((order) => order.takesMoney);
  if (open.length > 1) return { kind: 'unmatched', reason: 'several_orders' };
  const [order] = open;
  return order ? matchedVerdict(order, entry.amount_cny) : { kind: 'unmatched', reason: 'order_not_awaiting_money' };
}

/**
 * A whole statement's verdicts, in its order: each matched credit counts toward what its order has
 * received for the entries after it, and an entry reference seen before (in an earlier statement
 * or earlier in this one) is a duplicate, so no fen is counted twice.
 */
export function matchStatement(entries: readonly CreditEntry[], matching: StatementMatching): EntryVerdict[] {
  const seen = new Set(matching.imported);
  const orders = new Map(matching.orders);
  return entries.map((entry) => {
    if (seen.has(entry.entry_ref)) return { kind: 'duplicate' };
    seen.add(entry.entry_ref);
    if (entry.direction === 'debit') return { kind: 'debit' };
    const verdict = creditVerdict(entry, orders);
    if (verdict.kind === 'matched') orders.set(verdict.order_no, { ...orders.get(verdict.order_no)!, received_cny: verdict.received_cny });
    return verdict;
  });
}
