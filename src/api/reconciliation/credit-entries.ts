import { OrderCommandRefused, type OrderCommand } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { adminActor } from '../manage/reference-commands.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { markMatched, markUnmatched, type PendingEntry } from './entries-repository.js';

/**
 * Orders credited at once. Each order's entries go one after the other (they append to one stream);
 * different orders run side by side, a few at a time, so an import of thousands of credits neither
 * waits for each in turn nor takes every connection of the pool.
 */
const PARALLEL_ORDERS = 4;

type CreditDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;

export interface Credited {
  readonly matched: readonly string[];
  readonly unmatched: readonly string[];
}

const commandOf = (entry: PendingEntry, reason?: string): OrderCommand => ({
  type: 'matchBankCredit',
  entry_ref: entry.entry_ref,
  booking_date: entry.booking_date,
  amount_cny: entry.amount_cny,
  payer_name: entry.payer_name,
  payer_account: entry.payer_account,
  ...(reason ? { reason } : {}),
});

/**
 * Credits one entry to its order. True when the order has the credit (now, or from an earlier try:
 * the order counts an entry reference once, so a retry after a crash never counts a fen twice);
 * false when the order no longer takes money. Anything else (the database away) is thrown and the
 * entry stays pending for the next import.
 */
export async function creditEntry(deps: CreditDeps, entry: PendingEntry, actorId: number, reason?: string): Promise<boolean> {
  try {
    await runOrderCommand(deps, entry.order_id, commandOf(entry, reason), adminActor({ id: actorId }));
    return true;
  } catch (error) {
    if (!(error instanceof OrderCommandRefused)) throw error;
    return error.reason === 'payment_already_recorded';
  }
}

async function creditOrder(deps: CreditDeps, entries: readonly PendingEntry[], matched: string[], unmatched: string[]): Promise<void> {
  for (const entry of entries) {
    if (await creditEntry(deps, entry, entry.imported_by)) matched.push(entry.entry_ref);
    else {
      await markUnmatched(deps.db, entry.entry_ref, 'order_not_awaiting_money');
      unmatched.push(entry.entry_ref);
    }
  }
}

/** Credits every pending entry to its order, then marks the credited ones matched. */
export async function creditPendingEntries(deps: CreditDeps, entries: readonly PendingEntry[]): Promise<Credited> {
  const byOrder = new Map<string, PendingEntry[]>();
  for (const entry of entries) {
    const ofOrder = byOrder.get(entry.order_id) ?? [];
    ofOrder.push(entry);
    byOrder.set(entry.order_id, ofOrder);
  }
  const queue = [...byOrder.values()];
  const matched: string[] = [];
  const unmatched: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await creditOrder(deps, next, matched, unmatched);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_ORDERS, queue.length) }, worker));
  } finally {
    // What was credited before a failure is marked all the same; the rest is left for the next import.
    await markMatched(deps.db, matched, deps.clock.now());
  }
  return { matched, unmatched };
}
