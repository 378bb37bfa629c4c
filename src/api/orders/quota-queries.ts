import type { Db } from '../../database/schema.js';
import { STATUSES_NOT_COUNTED } from '../../domain/index.js';

/**
 * The payer's orders that count against this year's allowance (DESIGN.md section 11, "Quota"):
 * their own, confirmed (the rate locked: the OrderConfirmed fact) within [from, to), not called
 * off, and not `except` (the order being shown, counted once as the order itself). The owner's
 * index finds their handful of orders; each order's history is found by its (order_id, revision) key.
 */
export const ordersCountedInYear = (db: Db, ownerId: number, { from, to }: { from: Date; to: Date }, except?: string) =>
  db
    .selectFrom('orders')
    .innerJoin('order_history', 'order_history.order_id', 'orders.id')
    .select(['orders.id', 'orders.amount', 'orders.currency'])
    .where('orders.owner_id', '=', ownerId)
    .where('orders.status', 'not in', STATUSES_NOT_COUNTED)
    .where('order_history.type', '=', 'OrderConfirmed')
    .where('order_history.occurred_at', '>=', from)
    .where('order_history.occurred_at', '<', to)
    .$if(except !== undefined, (query) => query.where('orders.id', '!=', except!))
    .execute();
