import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Partner orders keep the partner's details on their row: its own order id (unique: the intake is
 * idempotent on it, and the back office searches by it) and the rest as JSON for the screens.
 */
export const partnerOrders: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table orders add column gic_order_id text unique`.execute(db);
    await sql`alter table orders add column partner jsonb`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table orders drop column partner`.execute(db);
    await sql`alter table orders drop column gic_order_id`.execute(db);
  },
};
