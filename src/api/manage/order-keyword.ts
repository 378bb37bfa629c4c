import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { likePrefix } from './paging.js';

/**
 * How many matches are "few". Finding M matches first costs M row reads; walking the sort's index
 * and checking each row costs about 21 * orders / M reads for a page of 20 (and its look-ahead row).
 * The two meet at M = sqrt(21 * orders): about 2,000 at 200,000 orders, 4,600 at a million, so
 * neither way reads more than that many rows. The table's size is the planner's estimate.
 */
const FEW_MATCHES = sql<number>`(select greatest(100, sqrt(21 * greatest(reltuples, 0)))::int from pg_class where oid = 'orders'::regclass)`;

/** A keyword of the order tables, as a LIKE prefix, and whether few orders match it (how they are found). */
export interface KeywordSearch {
  readonly pattern: string;
  readonly few: boolean;
}

/**
 * Counts the keyword's matching search terms and owners' orders, each count stopped at FEW_MATCHES:
 * two short index reads, however common the keyword. Duplicates count twice, which at worst picks
 * the row-by-row walk a little early: both ways find the same rows, in the same order.
 */
export async function keywordSearchOf(db: Kysely<DB>, keyword: string | undefined): Promise<KeywordSearch | null> {
  if (keyword === undefined || keyword === '') return null;
  const pattern = likePrefix(keyword);
  const { rows } = await sql<{ few: boolean }>`
    with threshold as (select ${FEW_MATCHES} as matches)
    select (select count(*) from (select from order_search_terms where term like ${pattern}
                                  limit (select matches from threshold)) as t)
         + (select count(*) from (select from users as owners join orders as owned on owned.owner_id = owners.id
                                  where lower(owners.email) like ${pattern} limit (select matches from threshold)) as o)
         < (select matches from threshold) as few`.execute(db);
  return { pattern, few: rows[0]!.few };
}

/**
 * The rows a keyword matches: an order whose search term (order id and number, institution, patient
 * names in Chinese and pinyin, payer phone, patient email; order-search-terms.ts) or owner's email
 * starts with it. Few matches: their ids first (a union of the two prefix lookups), each order then
 * read by its key and the handful sorted. Many: a per-row EXISTS on each, so the page is read along the sort's
 * index and stops once full; `offset 0` keeps each EXISTS per row (without it the planner may hash
 * every matching term first, which for a name every order has is the whole table). An OR of two IN
 * lists, as before, made the planner walk every row either way.
 */
export function keywordCondition(eb: ExpressionBuilder<DB, 'orders'>, { pattern, few }: KeywordSearch) {
  if (few) {
    const byTerm = eb.selectFrom('order_search_terms').select('order_search_terms.order_id as id').where('term', 'like', pattern);
    const byOwner = eb
      .selectFrom('users as owners')
      .innerJoin('orders as owned', 'owned.owner_id', 'owners.id')
      .select('owned.id')
      .where(sql<string>`lower(owners.email)`, 'like', pattern);
    // An array, not IN: the ids are an InitPlan and orders are read by orders_pkey whatever the
    // planner guesses of the union's size (with IN it sometimes hash-joined a scan of every order).
    return sql<boolean>`orders.id = any(array(${byTerm.union(byOwner)}))`;
  }
  return eb.or([
    eb.exists(
      eb
        .selectFrom('order_search_terms')
        .select(sql`1`.as('hit'))
        .whereRef('order_search_terms.order_id', '=', 'orders.id')
        .where('order_search_terms.term', 'like', pattern)
        .offset(0),
    ),
    eb.exists(
      eb
        .selectFrom('users as owners')
        .select(sql`1`.as('hit'))
        .whereRef('owners.id', '=', 'orders.owner_id')
        .where(sql<string>`lower(owners.email)`, 'like', pattern)
        .offset(0),
    ),
  ]);
}
