import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The back office's work queues, sorts, filters, dashboard and the auditors' log, each served by an
 * index (DESIGN.md sections 8 and 10; tests/api/manage-query-plans.test.ts checks the plans):
 * - every sort of the order tables (created, status_since, amount), with and without a status list;
 * - the queues: their statuses use the status indexes, the overpaid queue its partial index;
 * - the log across orders in time, by actor and by type (the dashboard's money facts by type too).
 */
const INDEXES = [
  ['orders_page_status_since', sql`orders (kind, status_since desc, id desc)`],
  ['orders_page_amount', sql`orders (kind, (coalesce(cny_amount, 0)) desc, id desc)`],
  ['orders_status_created', sql`orders (kind, status, created_at desc, id desc)`],
  ['orders_status_since', sql`orders (kind, status, status_since desc, id desc)`],
  ['orders_status_amount', sql`orders (kind, status, (coalesce(cny_amount, 0)) desc, id desc)`],
  ['orders_positive_balance', sql`orders (kind, created_at desc, id desc) where balance_cny > 0`],
  ['order_history_time', sql`order_history (occurred_at desc, event_id desc)`],
  ['order_history_actor', sql`order_history (actor_id, occurred_at desc, event_id desc)`],
  ['order_history_type', sql`order_history (type, occurred_at desc, event_id desc)`],
] as const;

export const workQueues: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    for (const [name, on] of INDEXES) await sql`create index ${sql.id(name)} on ${on}`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  },
};
