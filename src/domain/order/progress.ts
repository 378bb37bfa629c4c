import type { StatusDisplay, StatusMeta } from './display.js';
import { emptyOrderData, type OrderData } from './order-data.js';
import { legacyOrderNumber } from './order-number.js';
import { orderMachine, type OrderSnapshot, type OrderTag } from './order-machine.js';
import { isStatus, STATE_NAMES, stateNameOf, type Status } from './status.js';

/**
 * The order page draws what these functions read from the machine's own state meta, so the
 * screen and the server can never disagree about what a status looks like.
 */
export function displayOf(snapshot: OrderSnapshot): StatusDisplay | null {
  const metas = Object.values<StatusMeta | undefined>(snapshot.getMeta());
  return metas.find((meta) => meta !== undefined)?.display ?? null;
}

/**
 * A machine snapshot for an order as the read model holds it (status and fields). A context kept
 * by an older version lacks the fields added since: they start from their defaults.
 */
export function snapshotOf(order: OrderData): OrderSnapshot {
  const value = order.status === null ? 'none' : STATE_NAMES[order.status];
  return orderMachine.resolveState({ value, context: { ...emptyOrderData, ...order, order_no: orderNumberOf(order) } });
}

/** A context kept before order numbers has none: it gets the number its events' replay gives it. */
const orderNumberOf = (order: Partial<OrderData>): string =>
  order.order_no || (order.id && order.created_at ? legacyOrderNumber(order.id, order.created_at) : '');

/** Whether the machine tags a status so (what a screen that knows only the status may ask). */
export const statusHasTag = (status: Status, tag: OrderTag): boolean => snapshotOf({ ...emptyOrderData, status }).hasTag(tag);

export const displayOfStatus = (status: Status): StatusDisplay => displayOf(snapshotOf({ ...emptyOrderData, status })) as StatusDisplay;

/** `statusHasTag` for a status as the API sends it (a number): a number that is no status has no tags. */
export const isTagged = (status: number, tag: OrderTag): boolean => isStatus(status) && statusHasTag(status, tag);

/** The status an order asked for more materials is assumed to resume when a screen cannot know it. */
const ASSUMED_RESUME: Status = 4;

/**
 * A snapshot for a screen that has the order as the API shows it. The view does not say which
 * status an order waiting for more materials resumes afterwards; any of those the machine resumes
 * to (4-6) gives the payer the same answers, so one is assumed.
 */
export function screenSnapshotOf(order: OrderData): OrderSnapshot {
  const resumesUnknown =
    order.status !== null && stateNameOf(order.status) === 'awaitingMaterials' && order.status_before_materials === null;
  return snapshotOf(resumesUnknown ? { ...order, status_before_materials: ASSUMED_RESUME } : order);
}
