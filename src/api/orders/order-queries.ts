import type { Db } from '../../database/schema.js';
import { newestFirstPage } from '../http/newest-first-page.js';
import { VIEW_COLUMNS } from './order-view.js';

/** A page of a payer's own orders, newest first, after the cursor (none: the first page); orders_owner finds them. */
export const ownOrders = (db: Db, ownerId: number, cursor: string | undefined, size: number) =>
  newestFirstPage(
    db.selectFrom('orders').select(VIEW_COLUMNS).where('owner_id', '=', ownerId),
    'created_at',
    cursor,
    (row) => ({ at: row.created_at, id: row.id }),
    size,
  );

/** An order's status as its read row shows it; throws when there is no row. */
export const orderStatusOf = (db: Db, orderId: string) =>
  db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();

/** What the sandbox checkout page shows of an order. */
export const checkoutOrder = (db: Db, orderId: string) =>
  db.selectFrom('orders').select(['status', 'resource_name']).where('id', '=', orderId).executeTakeFirst();

/** The id of the order with this number (people read and say the number; the id stays internal). */
export const orderIdByNumber = (db: Db, orderNo: string) =>
  db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
