import type { StatusDisplay, StatusMeta } from './display.js';
import { emptyOrderData, type OrderData } from './order-data.js';
import { legacyOrderNumber } from './order-number.js';
import { orderMachine, type OrderSnapshot, type OrderTag } from './order-machine.js';
import { STATE_NAMES, type Status } from './status.js';

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
