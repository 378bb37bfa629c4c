import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, OrderRow } from '../../database/schema.js';
import {
  addMoney,
  amountInMinorUnits,
  chinaDayEnd,
  chinaDayStart,
  message,
  ORDER_QUEUES,
  QUEUES,
  type ManageOrderRow,
  type OrderFilter,
  type OrderKind,
  type OrderQueue,
  type QueueMoney,
  type ORDER_SORTS,
} from '../../domain/index.js';
import { HttpError } from '../http/errors.js';
import { keywordCondition, type KeywordSearch } from './order-keyword.js';
import { PAGE_SIZE, type Cursor } from './paging.js';

type OrderSortName = (typeof ORDER_SORTS)[number];

/**
 * The columns an order table and its export show: not the order's state (a kilobyte and more of
 * JSON a row), which a page of 500 export rows would otherwise parse and throw away.
 */
const LISTED_COLUMNS = [
  'id',
  'order_no',
  'kind',
  'status',
  'amount',
  'currency',
  'cny_amount',
  'paid_cny',
  'refunded_cny',
  'balance_cny',
  'resource',
  'resource_name',
  'student_last_name',
  'student_first_name',
  'student_last_name_pinyin',
  'student_first_name_pinyin',
  'payer_phone',
  'owner_id',
  'active_upload_document',
  'created_at',
  'status_since',
  'partner',
] as const satisfies readonly (keyof OrderRow)[];

/** An order as a list reads it, with its owner's email. */
export type ListedOrder = Pick<OrderRow, (typeof LISTED_COLUMNS)[number]> & { owner_email: string | null };

/** The sorts of the order tables: `-` descending; every one ends on the id, so the order is total. */
type SortKey = 'created' | 'status_since' | 'amount';
const SORT_COLUMNS: Record<SortKey, RawBuilder<unknown>> = {
  created: sql`orders.created_at`,
  status_since: sql`orders.status_since`,
  // Drafts have no CNY amount yet: they sort as 0 (the index is on the same expression).
  amount: sql`coalesce(orders.cny_amount, 0)`,
};

export interface OrderSort {
  readonly key: SortKey;
  readonly descending: boolean;
  readonly name: OrderSortName;
}

export const orderSortOf = (name: OrderSortName = '-created'): OrderSort => ({
  key: name.replace(/^-/, '') as SortKey,
  descending: name.startsWith('-'),
  name,
});

/** The last row's value of the sort, as a cursor carries it. */
const sortValueOf = (row: ListedOrder, key: SortKey): string =>
  key === 'created'
    ? row.created_at.toISOString()
    : key === 'status_since'
      ? row.status_since.toISOString()
      : decimal2(row.cny_amount ?? 0);

const cursorValue = (key: SortKey, value: string) => (key === 'amount' ? sql`${value}::numeric` : sql`${new Date(value)}::timestamptz`);

const validSortValue = (key: SortKey, value: string): boolean =>
  key === 'amount' ? /^-?\d{1,16}(\.\d{1,2})?$/.test(value) : !Number.isNaN(Date.parse(value));

/** Where the page after `after` begins; a cursor from another sort is not ours. */
function afterCursor(sort: OrderSort, after: Cursor) {
  const value = after.key ?? after.at;
  if ((after.sort ?? '-created') !== sort.name || value === undefined || !validSortValue(sort.key, value))
    throw new HttpError('invalid_cursor', message('manage.invalidCursor'));
  const column = SORT_COLUMNS[sort.key];
  const bound = cursorValue(sort.key, value);
  return sort.descending
    ? sql<boolean>`(${column}, orders.id) < (${bound}, ${String(after.id)})`
    : sql<boolean>`(${column}, orders.id) > (${bound}, ${String(after.id)})`;
}

/** A queue as SQL, built from its one definition (domain/funds/queues.ts); constants stay literals so partial indexes apply. */
const MONEY_SQL: Record<QueueMoney, RawBuilder<boolean> | null> = {
  none: sql<boolean>`orders.paid_cny = 0`,
  covered: sql<boolean>`orders.paid_cny > 0 and orders.balance_cny >= 0`,
  surplus: sql<boolean>`orders.balance_cny > 0`,
  any: null,
};

export function queueCondition(queue: OrderQueue): RawBuilder<boolean> {
  const { statuses, money, awaitsReply } = QUEUES[queue];
  const parts = [
    ...(statuses === null ? [] : [sql<boolean>`orders.status in (${sql.join(statuses.map((status) => sql.lit(status)))})`]),
    ...(MONEY_SQL[money] === null ? [] : [MONEY_SQL[money]]),
    ...(awaitsReply ? [sql<boolean>`orders.awaits_reply`] : []),
  ];
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The filters of DESIGN.md section 10 (each optional); created_from/created_to are China-time days, inclusive. */
export function filteredOrders(db: Kysely<DB>, kind: OrderKind, filter: OrderFilter, search: KeywordSearch | null) {
  let query = db.selectFrom('orders').where('orders.kind', '=', kind);
  if (filter.status !== undefined && filter.status.length > 0) query = query.where('orders.status', 'in', filter.status);
  if (filter.queue !== undefined) query = query.where(queueCondition(filter.queue));
  if (filter.created_from !== undefined) query = query.where('orders.created_at', '>=', chinaDayStart(filter.created_from));
  if (filter.created_to !== undefined) query = query.where('orders.created_at', '<', chinaDayEnd(filter.created_to));
  if (search !== null) query = query.where((eb) => keywordCondition(eb, search));
  return query
    .leftJoin('users', 'users.id', 'orders.owner_id')
    .select(LISTED_COLUMNS.map((column) => `orders.${column}` as const))
    .select('users.email as owner_email');
}

/**
 * One page of an order table in the filter's sort (newest first unless it says otherwise), by keyset
 * on (sort value, id). The filter's keyword comes as `search` (keywordSearchOf, asked once per list:
 * how its matches are best found; order-keyword.ts).
 */
export function orderPageQuery(
  db: Kysely<DB>,
  kind: OrderKind,
  filter: OrderFilter,
  search: KeywordSearch | null,
  after: Cursor | null,
  limit = PAGE_SIZE + 1,
) {
  const sort = orderSortOf(filter.sort);
  const direction = sort.descending ? 'desc' : 'asc';
  let query = filteredOrders(db, kind, filter, search)
    .orderBy(SORT_COLUMNS[sort.key], direction)
    .orderBy('orders.id', direction)
    .limit(limit);
  if (after !== null) query = query.where(afterCursor(sort, after));
  return query;
}

/** The cursor after a row in a sort: the sort, the row's value of it and its id. */
export const orderCursorIn =
  (sort: OrderSort) =>
  (row: ListedOrder): Cursor =>
    sort.name === '-created'
      ? { at: row.created_at.toISOString(), id: row.id }
      : { sort: sort.name, key: sortValueOf(row, sort.key), id: row.id };

/** numeric arrives as a number from PGlite and as a string from pg: always two decimals. */
const decimal2 = (value: string | number): string => addMoney(String(value), '0');

export function toManageOrderRow(row: ListedOrder): ManageOrderRow {
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

/**
 * How many ordinary orders each queue holds, in one pass over the rows that are in any queue (the
 * status index and the partial index of positive balances find them; no scan of every order).
 */
export const queueCountsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('orders')
    .select(ORDER_QUEUES.map((queue) => sql<string>`count(*) filter (where ${queueCondition(queue)})`.as(queue)))
    .where('orders.kind', '=', 'order')
    .where(sql<boolean>`(${sql.join(ORDER_QUEUES.map(queueCondition), sql` or `)})`);

export async function queueCounts(db: Kysely<DB>): Promise<Record<OrderQueue, number>> {
  const row = await queueCountsQuery(db).executeTakeFirst();
  return Object.fromEntries(ORDER_QUEUES.map((queue) => [queue, Number(row?.[queue] ?? 0)])) as Record<OrderQueue, number>;
}
