import type { OrderQueue } from '../contract/funds.js';
import { ORDER_TAGS, type OrderTag } from '../order/order-machine.js';
import { statusHasTag } from '../order/progress.js';
import { STATE_NAMES, STATUSES, type Status, type StatusStateName } from '../order/status.js';

/**
 * The back office's work queues (DESIGN.md section 10), defined once as data: which statuses an
 * order of the queue is in and what its money must say. The list query, the counts and the
 * indexes are all built from this table; nothing else names a queue's statuses.
 *
 * - `none`: no money matched yet (received = 0);
 * - `covered`: the money kept covers what is due (received − refunded ≥ due, i.e. balance ≥ 0) and some came in;
 * - `surplus`: more kept than is due (balance > 0);
 * - `any`: the status alone decides.
 */
export type QueueMoney = 'none' | 'covered' | 'surplus' | 'any';

export interface QueueDefinition {
  /** null: any status. */
  readonly statuses: readonly Status[] | null;
  readonly money: QueueMoney;
  /** Only orders whose last message is the payer's, not yet answered by the back office. */
  readonly awaitsReply?: true;
}

/** A status by its state's name (so code names no status numbers). */
export const statusNamed = (name: StatusStateName): Status => STATE_NAMES.indexOf(name) as Status;
const taggedAll = (...tags: OrderTag[]): Status[] => STATUSES.filter((status) => tags.every((tag) => statusHasTag(status, tag)));
const notTagged = (tag: OrderTag): Status[] => STATUSES.filter((status) => !statusHasTag(status, tag));

/** Money is owed and the deadline runs (2, 3), or the payer says they transferred (4): the money is what the bank must see. */
const MONEY_EXPECTED: readonly Status[] = [...taggedAll(ORDER_TAGS.paymentDue, ORDER_TAGS.timesOut), statusNamed('transferred')];

export const QUEUES: Readonly<Record<OrderQueue, QueueDefinition>> = {
  awaiting_funds: { statuses: MONEY_EXPECTED, money: 'none' },
  funds_received: { statuses: MONEY_EXPECTED, money: 'covered' },
  awaiting_payer: { statuses: [statusNamed('awaitingTopUp'), statusNamed('awaitingMaterials')], money: 'any' },
  // The payer wrote last and the order still runs: someone in the back office owes an answer.
  to_answer: { statuses: notTagged(ORDER_TAGS.ended), money: 'any', awaitsReply: true },
  documents: { statuses: [statusNamed('documentsUploaded')], money: 'any' },
  overpaid: { statuses: null, money: 'surplus' },
  refunding: { statuses: [statusNamed('refunding')], money: 'any' },
};
