import { OrderCommandRefused, type OrderCommand } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { adminActor } from '../manage/reference-commands.js';
import { loadedFromRow, runOrderCommand, type LoadedOrder } from '../orders/order-commands.js';
import { chunksOf, markMatched, markUnmatched, type PendingEntry } from './entries-repository.js';

/**
 * Orders credited at once. Each order's entries go one after the other (they append to one stream);
 * different orders run side by side, a few at a time, so an import of thousands of credits neither
 * waits for each in turn nor takes every connection of the pool.
 */
const PARALLEL_ORDERS = 6;

type CreditDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;

export interface Credited {
  readonly matched: readonly string[];
  readonly unmatched: readonly string[];
}

const commandOf = (entry: PendingEntry): OrderCommand => ({
  type: 'matchBankCredit',
  entry_ref: entry.entry_ref,
  booking_date: entry.booking_date,
  amount_cny: entry.amount_cny,
  payer_name: entry.payer_name,
  payer_account: entry.payer_account,
  ...(entry.reason ? { reason: entry.reason } : {}),
});

/**
 * Credits one entry to its order. True when the order has the credit (now, or from an earlier try:
 * the order counts an entry reference once, so a retry after a crash never counts a fen twice);
 * false when the order no longer takes money. Anything else (the database away) is thrown and the
 * entry stays pending for the next import.
 */
export async function creditEntry(deps: CreditDeps, entry: PendingEntry, seen?: LoadedOrder): Promise<boolean> {
  try {
    await runOrderCommand(deps, entry.order_id, commandOf(entry), adminActor({ id: entry.actor_id }), seen ? { seen } : {});
    return true;
  } catch (error) {
    if (!(error instanceof OrderCommandRefused)) throw error;
    return error.reason === 'payment_already_recorded';
  }
}

/** The orders as their read rows show them: the first command decides on it instead of reading the stream. */
async function ordersSeen(deps: CreditDeps, orderIds: readonly string[]): Promise<Map<string, LoadedOrder>> {
  const seen = new Map<string, LoadedOrder>();
  for (const chunk of chunksOf(orderIds, 5_000)) {
    const rows = await deps.db.selectFrom('orders').select(['id', 'state', 'revision']).where('id', 'in', chunk).execute();
    for (const row of rows) seen.set(row.id, loadedFromRow(row));
  }
  return seen;
}

async function creditOrder(
  deps: CreditDeps,
  entries: readonly PendingEntry[],
  seen: LoadedOrder | undefined,
  done: { matched: string[]; unmatched: string[] },
): Promise<void> {
  const { matched, unmatched } = done;
  for (const [index, entry] of entries.entries()) {
    // A stale row only costs a retry: the append is refused and the stream read.
    if (await creditEntry(deps, entry, index === 0 ? seen : undefined)) matched.push(entry.entry_ref);
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
  const seen = await ordersSeen(deps, [...byOrder.keys()]);
  const queue = [...byOrder.entries()];
  const matched: string[] = [];
  const unmatched: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      await creditOrder(deps, next[1], seen.get(next[0]), { matched, unmatched });
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_ORDERS, queue.length) }, worker));
  } finally {
    // What was credited before a failure is marked all the same; the rest is left for the next import.
    await markMatched(deps.db, matched, deps.clock.now());
  }
  return { matched, unmatched };
}
