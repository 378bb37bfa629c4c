import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { addMoney, chinaDayOf, chinaDayStart, lastChinaDays, statusNamed, type ManageDashboard } from '../../domain/index.js';

/** The money facts (DESIGN.md section 10) the dashboard counts as received: provider payments and matched bank credits. */
const MONEY_EVENTS = ['PaymentReceived', 'ShortPaymentReceived', 'BankCreditMatched'] as const;
const MONEY_ENTRY_KINDS = ['payment', 'bank_credit'] as const;
const DASHBOARD_DAYS = 30;

const chinaDaySql = (instant: ReturnType<typeof sql>) => sql<string>`to_char(${instant} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * Money received per China-time day and currency since `since`: the orders come from the history's
 * money events (index on type and time), the amounts from those orders' funds entries, each counted once.
 */
export const receivedByDayQuery = (db: Kysely<DB>, since: Date) =>
  db
    .with(
      (cte) => cte('paid_orders').materialized(),
      (qb) =>
        qb.selectFrom('order_history').select('order_id').distinct().where('type', 'in', MONEY_EVENTS).where('occurred_at', '>=', since),
    )
    .selectFrom('paid_orders')
    // One primary-key lookup per order that had money (the limit keeps it a lookup, not a join over every order).
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders')
          .select(['orders.id', 'orders.currency', 'orders.state'])
          .whereRef('orders.id', '=', 'paid_orders.order_id')
          .where('orders.kind', '=', 'order')
          .limit(1)
          .as('paid'),
      (join) => join.onTrue(),
    )
    .innerJoin(sql<{ value: unknown }>`lateral jsonb_array_elements(paid.state -> 'funds_entries')`.as('entry'), (join) => join.onTrue())
    .select([
      chinaDaySql(sql`(entry.value ->> 'at')::timestamptz`).as('day'),
      'paid.currency',
      sql<string>`sum((entry.value ->> 'amount_cny')::numeric)`.as('received_cny'),
      sql<string>`count(distinct paid.id)`.as('orders'),
    ])
    .where(sql<boolean>`entry.value ->> 'kind' in (${sql.join(MONEY_ENTRY_KINDS)})`)
    .where(sql<boolean>`(entry.value ->> 'at')::timestamptz >= ${since}`)
    .groupBy(['day', 'paid.currency']);

/** Ordinary orders created per China-time day and currency since `since` (the orders' page index). */
export const createdByDayQuery = (db: Kysely<DB>, since: Date) =>
  db
    .selectFrom('orders')
    .select([chinaDaySql(sql`orders.created_at`).as('day'), 'orders.currency', sql<string>`count(*)`.as('orders')])
    .where('orders.kind', '=', 'order')
    .where('orders.created_at', '>=', since)
    .groupBy(['day', 'orders.currency']);

const REMITTING = statusNamed('remitting');
const COMPLETE = statusNamed('complete');

/** How far the ordinary orders created since `since` got: confirmed, money in, remitting (now or before), complete. */
export const funnelQuery = (db: Kysely<DB>, since: Date) =>
  db
    .selectFrom('orders')
    .select([
      sql<string>`count(*)`.as('created'),
      sql<string>`count(*) filter (where orders.cny_amount is not null)`.as('confirmed'),
      sql<string>`count(*) filter (where orders.paid_cny > 0)`.as('paid'),
      sql<string>`count(*) filter (where orders.status in (${REMITTING}, ${COMPLETE}) or exists (
        select 1 from order_history where order_history.order_id = orders.id and order_history.status_after = ${REMITTING}))`.as(
        'remitting',
      ),
      sql<string>`count(*) filter (where orders.status = ${COMPLETE})`.as('complete'),
    ])
    .where('orders.kind', '=', 'order')
    .where('orders.created_at', '>=', since);

type DayRow = ManageDashboard['days'][number];

/** manage/dashboard for the 30 China-time days up to today (`now`). */
export async function dashboardOf(db: Kysely<DB>, now: Date): Promise<ManageDashboard> {
  const from = lastChinaDays(now, DASHBOARD_DAYS)[0]!;
  const since = chinaDayStart(from);
  const [received, created, funnel] = await Promise.all([
    receivedByDayQuery(db, since).execute(),
    createdByDayQuery(db, since).execute(),
    funnelQuery(db, since).executeTakeFirst(),
  ]);
  const days = new Map<string, DayRow>();
  const dayOf = (day: string, currency: string): DayRow => {
    const key = `${day} ${currency}`;
    const row = days.get(key) ?? { day, currency, received_cny: '0.00', paid_orders: 0, created_orders: 0 };
    days.set(key, row);
    return row;
  };
  for (const row of received)
    Object.assign(dayOf(row.day, row.currency), { received_cny: addMoney(String(row.received_cny), '0'), paid_orders: Number(row.orders) });
  for (const row of created) dayOf(row.day, row.currency).created_orders = Number(row.orders);
  const count = (value: string | undefined) => Number(value ?? 0);
  return {
    from: chinaDayOf(since),
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency)),
    funnel: {
      created: count(funnel?.created),
      confirmed: count(funnel?.confirmed),
      paid: count(funnel?.paid),
      remitting: count(funnel?.remitting),
      complete: count(funnel?.complete),
    },
  };
}
