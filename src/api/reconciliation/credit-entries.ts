import { OrderCommandRefused } from '../../domain/index.js';
import { adminActor } from '../manage/reference-commands.js';
import { loadedFromRow, runOrderCommand, type LoadedOrder } from '../orders/order-commands.js';
import { appendDecided, creditCommandOf, decideCredits, type CreditDeps, type OrderToCredit } from './credits-in-one-append.js';
import { anyOf, chunksOf, markMatched, markUnmatched, type PendingEntry } from './entries-repository.js';

/**
 * Orders credited at once on the command path (those one append could not take). Each order's
 * entries go one after the other (they append to one stream); different orders run side by side,
 * a few at a time, so thousands of credits neither wait for each in turn nor take every
 * connection of the pool.
 */
const PARALLEL_ORDERS = 6;
/**
 * Orders credited in one append and one commit: large enough that a statement's credits are a few
 * transactions, small enough that a statement's parameters stay a few megabytes and what a crash
 * leaves pending is little.
 */
const ORDERS_PER_APPEND = 1_000;

export interface Credited {
  readonly matched: readonly string[];
  readonly unmatched: readonly string[];
}

/**
 * Credits one entry to its order. True when the order has the credit (now, or from an earlier try:
 * the order counts an entry reference once, so a retry after a crash never counts a fen twice);
 * false when the order no longer takes money. Anything else (the database away) is thrown and the
 * entry stays pending for the next import.
 */
export async function creditEntry(deps: CreditDeps, entry: PendingEntry, seen?: LoadedOrder): Promise<boolean> {
  try {
    await runOrderCommand(deps, entry.order_id, creditCommandOf(entry), adminActor({ id: entry.actor_id }), seen ? { seen } : {});
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
    const rows = await deps.db.selectFrom('orders').select(['id', 'state', 'revision']).where(anyOf('id', chunk)).execute();
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

/** The entries by order, each with its read row: as the caller read it, or read now. */
async function ordersToCredit(
  deps: CreditDeps,
  entries: readonly PendingEntry[],
  read: ReadonlyMap<string, LoadedOrder>,
): Promise<OrderToCredit[]> {
  const byOrder = new Map<string, PendingEntry[]>();
  for (const entry of entries) {
    const ofOrder = byOrder.get(entry.order_id) ?? [];
    ofOrder.push(entry);
    byOrder.set(entry.order_id, ofOrder);
  }
  const seen = await ordersSeen(
    deps,
    [...byOrder.keys()].filter((orderId) => !read.has(orderId)),
  );
  return [...byOrder].map(([orderId, ofOrder]) => ({ orderId, entries: ofOrder, seen: read.get(orderId) ?? seen.get(orderId) }));
}

/** Credits orders through the order command path, a few side by side; marks the credited entries matched, even after a failure. */
async function creditOneByOne(deps: CreditDeps, orders: readonly OrderToCredit[], done: { matched: string[]; unmatched: string[] }) {
  const queue = [...orders];
  const matched: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      await creditOrder(deps, next.entries, next.seen, { matched, unmatched: done.unmatched });
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_ORDERS, queue.length) }, worker));
  } finally {
    // What was credited before a failure is marked all the same; the rest is left for the next import.
    await markMatched(deps.db, matched, deps.clock.now());
    done.matched.push(...matched);
  }
}

/**
 * Credits every pending entry to its order, then marks the credited ones matched: most orders in
 * one append per thousand (decideCredits, appendDecided), those it leaves one by one through the
 * order command path. The next thousand are decided (Node's work) while the database appends the
 * last (its own): the chunks hold different orders, so neither decision waits for the other's
 * append. `read` holds orders' rows the caller read already (a stale one only costs a retry).
 */
export async function creditPendingEntries(
  deps: CreditDeps,
  entries: readonly PendingEntry[],
  read: ReadonlyMap<string, LoadedOrder> = new Map(),
): Promise<Credited> {
  const done = { matched: [] as string[], unmatched: [] as string[] };
  const oneByOne: OrderToCredit[] = [];
  const chunks = chunksOf(await ordersToCredit(deps, entries, read), ORDERS_PER_APPEND);
  let deciding = chunks.length > 0 ? decideCredits(deps, chunks[0]!) : undefined;
  for (let index = 0; deciding !== undefined; index += 1) {
    const chunk = await deciding;
    const appending = appendDecided(deps, chunk);
    deciding = index + 1 < chunks.length ? decideCredits(deps, chunks[index + 1]!) : undefined;
    // A failed append ends the import: the decision under way is left unused (it wrote nothing).
    deciding?.catch(() => undefined);
    const left = new Set(await appending);
    const credited = chunk.orders.filter((order) => !left.has(order)).flatMap((order) => order.entries.map((entry) => entry.entry_ref));
    await markMatched(deps.db, credited, deps.clock.now());
    done.matched.push(...credited);
    oneByOne.push(...left);
  }
  await creditOneByOne(deps, oneByOne, done);
  return done;
}
