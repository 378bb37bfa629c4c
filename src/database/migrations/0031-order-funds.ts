import { sql, type Kysely, type Migration } from 'kysely';
import { createOrderProjectFunction } from './0013-order-project.js';

/**
 * The order's funds beside what it was paid (DESIGN.md section 10): refunded, the balance
 * (received − refunded − due), when its status began and the bank's last note. Rows projected
 * before take what they can tell (nothing refunded, the status since the last change); a
 * `projections:rebuild` replays the exact figures and funds entries from the log.
 */
export const orderFunds: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table orders
      add column refunded_cny numeric(18, 2) not null default 0,
      add column balance_cny numeric(18, 2) not null default 0,
      add column status_since timestamptz,
      add column materials_note text not null default ''`.execute(db);
    await sql`update orders set balance_cny = paid_cny - coalesce(cny_amount, 0), status_since = updated_at`.execute(db);
    await sql`alter table orders alter column status_since set not null`.execute(db);
    await createOrderProjectFunction(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table orders drop column refunded_cny, drop column balance_cny, drop column status_since, drop column materials_note`.execute(
      db,
    );
    await createOrderProjectFunction(db);
  },
};
