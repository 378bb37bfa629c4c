import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { VIEW_COLUMNS } from './order-view.js';

/** A payer's own orders, newest first (the list is capped; a payer has a handful). */
export const ownOrders = (db: Kysely<DB>, ownerId: number) =>
  db.selectFrom('orders').select(VIEW_COLUMNS).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').limit(500).execute();

/** An order's status as its read row shows it; throws when there is no row. */
export const orderStatusOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();

/** What the sandbox checkout page shows of an order. */
export const checkoutOrder = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('orders').select(['status', 'resource_name']).where('id', '=', orderId).executeTakeFirst();
