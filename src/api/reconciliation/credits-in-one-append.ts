import { ConcurrencyError } from '../../../eventstore/port.js';
import { projectsInAppend, type StreamAppend } from '../../../eventstore/postgres/port.js';
import { orderDecider } from '../../application/orders/order-decider.js';
import { OrderCommandRefused, dataSubjectOf, orderStreamId, type OrderCommand } from '../../domain/index.js';
import {
  applyDecidedOrderEvents,
  decidedEvents,
  isRowMovedError,
  type DecidedOn,
  type RevisedOrderEvent,
} from '../../projections/order-batch.js';
import type { AppDeps } from '../deps.js';
import { adminActor } from '../manage/reference-commands.js';
import type { LoadedOrder } from '../orders/order-commands.js';
import { sealEvent } from '../privacy/event-privacy.js';
import { newEventOf } from '../recorded-events.js';
import type { PendingEntry } from './entries-repository.js';

export type CreditDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'orderStates' | 'clock' | 'ids' | 'keyring'>;

/** An order's pending entries and its read row as read before crediting. */
export interface OrderToCredit {
  readonly orderId: string;
  readonly entries: readonly PendingEntry[];
  readonly seen: LoadedOrder | undefined;
}

/** One order's credits as decided on its read row: its entries' events, and as they are stored (sealed). */
interface DecidedCredits {
  readonly order: OrderToCredit;
  readonly decidedOn: DecidedOn;
  /** Each with its revision and the state its decision left (so the read rows' fold does not evolve it again). */
  readonly events: readonly RevisedOrderEvent[];
  readonly append: StreamAppend;
}

export const creditCommandOf = (entry: PendingEntry): OrderCommand => ({
  type: 'matchBankCredit',
  entry_ref: entry.entry_ref,
  booking_date: entry.booking_date,
  amount_cny: entry.amount_cny,
  payer_name: entry.payer_name,
  payer_account: entry.payer_account,
  ...(entry.reason ? { reason: entry.reason } : {}),
});

/**
 * The order's credits decided on its read row, each entry by its own actor, one after the other.
 * Null when the row cannot decide them alone: no row, or a credit refused or changing nothing
 * (the row may be behind its stream, or the order may have the credit already): those orders
 * take the command path, which asks the stream.
 */
async function decidedOnRow(deps: CreditDeps, order: OrderToCredit): Promise<DecidedCredits | null> {
  if (!order.seen || order.seen.expected === 'no_stream') return null;
  const correlationId = deps.ids.uuid();
  let state = order.seen.state;
  const { expected } = order.seen;
  const events: RevisedOrderEvent[] = [];
  for (const entry of order.entries) {
    const actor = adminActor({ id: entry.actor_id });
    const decider = orderDecider({ actor, correlationId, causationId: correlationId, clock: deps.clock, ids: deps.ids });
    let decided;
    try {
      decided = decider.decide(state, [creditCommandOf(entry)]);
    } catch (error) {
      if (error instanceof OrderCommandRefused) return null;
      throw error;
    }
    if (decided.events.length === 0) return null;
    events.push(...decidedEvents(order.orderId, expected + BigInt(events.length), decided.events, decided.state));
    state = decided.state;
  }
  const subject = dataSubjectOf(state.context);
  const sealed = await Promise.all(events.map(({ event }) => sealEvent(newEventOf(event), subject, deps.keyring)));
  return {
    order,
    decidedOn: { state: order.seen.state, revision: expected },
    events,
    append: { streamId: orderStreamId(order.orderId), events: sealed, expected },
  };
}

/** A chunk's credits decided on the orders' rows, ready to append; `left` holds the orders the rows could not decide. */
export interface DecidedChunk {
  readonly orders: readonly OrderToCredit[];
  readonly decided: readonly DecidedCredits[];
  readonly left: readonly OrderToCredit[];
}

/**
 * Decides (and seals) the chunk's credits on the orders' rows, writing nothing: so the next chunk
 * can be decided while this one's append runs in the database. Every order is `left` when the
 * store cannot append many streams in one transaction or the projection is failing.
 */
export async function decideCredits(deps: CreditDeps, orders: readonly OrderToCredit[]): Promise<DecidedChunk> {
  if (!projectsInAppend(deps.eventStore) || deps.projections.problem()) return { orders, decided: [], left: [...orders] };
  const decided: DecidedCredits[] = [];
  const left: OrderToCredit[] = [];
  for (const order of orders) {
    const credits = await decidedOnRow(deps, order);
    if (credits) decided.push(credits);
    else left.push(order);
  }
  return { orders, decided, left };
}

/**
 * Credits the decided orders in one append to all their streams, their read rows written set-wise
 * in the same transaction (the projectors' batch), so ten thousand credits are one commit per
 * chunk instead of ten thousand. Returns the orders it did not credit: those the rows could not
 * decide, or all of them when a stream moved on meanwhile (nothing was written then); the caller
 * takes them one by one.
 */
export async function appendDecided(deps: CreditDeps, chunk: DecidedChunk): Promise<OrderToCredit[]> {
  const store = deps.eventStore;
  const { decided } = chunk;
  if (decided.length === 0 || !projectsInAppend(store)) return [...chunk.left];
  try {
    await store.appendStreamsAndProject(
      decided.map((credits) => credits.append),
      async (trx) => {
        await applyDecidedOrderEvents(
          trx,
          new Map(decided.map((credits) => [credits.order.orderId, credits.decidedOn])),
          decided.flatMap((credits) => credits.events),
        );
      },
    );
  } catch (error) {
    if (!(error instanceof ConcurrencyError) && !isRowMovedError(error)) throw error;
    return [...chunk.orders];
  }
  // Committed: the notifier tells these credits from the states they were decided on, not from
  // their streams read and opened again.
  for (const { append, decidedOn } of decided) deps.orderStates.remember(append.streamId, decidedOn.revision, decidedOn.state);
  return [...chunk.left];
}
