import type { Db } from '../../database/schema.js';
import { VIEW_COLUMNS } from './order-view.js';

/** A payer's own orders, newest first (the list is capped; a payer has a handful). */
export const ownOrders = (db: Db, ownerId: number) =>
  db.selectFrom('orders').select(VIEW_COLUMNS).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').limit(500).execute();

/** An order's status as its read row shows it; throws when there is no row. */
export const orderStatusOf = (db: Db, orderId: string) =>
  db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();

/** What the sandbox checkout page shows of an order. */
export const checkoutOrder = (db: Db, orderId: string) =>
  db.selectFrom('orders').select(['status', 'resource_name']).where('id', '=', orderId).executeTakeFirst();

/** The id of the order with this number (people read and say the number; the id stays internal). */
export const orderIdByNumber = (db: Db, orderNo: string) =>
  db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
