import { sql, type Kysely } from 'kysely';
import type { DB, OrderRow } from '../../database/schema.js';
import { addMoney, amountInMinorUnits, type ManageOrderRow, type OrderKind } from '../../domain/index.js';
import { likePrefix, PAGE_SIZE, type Cursor } from './paging.js';

/**
 * One page of an order table, newest first by (created_at, id). A keyword matches by prefix the
 * order's search terms (order id, institution, patient names in Chinese and pinyin, payer phone,
 * patient email; order-search-terms.ts) or the owner's email, each through an index.
 */
export function orderPageQuery(db: Kysely<DB>, kind: OrderKind, keyword: string, after: Cursor | null) {
  let query = db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.owner_id')
    .selectAll('orders')
    .select('users.email as owner_email')
    .where('orders.kind', '=', kind)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(PAGE_SIZE + 1);
  if (after?.at !== undefined) {
    query = query.where(sql<boolean>`(orders.created_at, orders.id) < (${new Date(after.at)}, ${String(after.id)})`);
  }
  if (keyword !== '') {
    const pattern = likePrefix(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('orders.id', 'in', eb.selectFrom('order_search_terms').select('order_id').where('term', 'like', pattern)),
        eb(
          'orders.owner_id',
          'in',
          eb
            .selectFrom('users as owners')
            .select('owners.id')
            .where(sql<string>`lower(owners.email)`, 'like', pattern),
        ),
      ]),
    );
  }
  return query;
}

export const orderCursor = (row: OrderRow): Cursor => ({ at: row.created_at.toISOString(), id: row.id });

/** numeric arrives as a number from PGlite and as a string from pg: always two decimals. */
const decimal2 = (value: string | number): string => addMoney(String(value), '0');

export function toManageOrderRow(row: OrderRow & { owner_email: string | null }): ManageOrderRow {
  return {
    id: row.id,
    order_no: row.order_no,
    kind: row.kind,
    status: row.status,
    amount: amountInMinorUnits(row.amount, row.currency),
    currency: row.currency,
    cny_amount: row.cny_amount,
    resource: row.resource,
    resource_name: row.resource_name,
    student_last_name: row.student_last_name,
    student_first_name: row.student_first_name,
    student_last_name_pinyin: row.student_last_name_pinyin,
    student_first_name_pinyin: row.student_first_name_pinyin,
    payer_phone: row.payer_phone,
    user: { id: row.owner_id, email: row.owner_email },
    active_upload_document: row.active_upload_document,
    created_at: row.created_at.toISOString(),
    status_since: row.status_since.toISOString(),
    balance_cny: decimal2(row.balance_cny),
    partner: row.partner ?? null,
  };
}
