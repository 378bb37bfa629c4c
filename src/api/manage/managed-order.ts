import type { Kysely } from 'kysely';
import type { DB, OrderRow } from '../../database/schema.js';
import type { OrderKind } from '../../domain/index.js';
import { notFound } from '../http/errors.js';

/**
 * The order a back-office call names, of the kind its path is for (manage/… ordinary orders,
 * manage/gic/… partner orders; either for a call about money, which both kinds hold); anything else
 * is answered as no such order, and nothing is written.
 */
export async function findManagedOrder(db: Kysely<DB>, id: string, kind?: OrderKind): Promise<OrderRow> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (kind !== undefined && row.kind !== kind)) throw notFound();
  return row;
}
