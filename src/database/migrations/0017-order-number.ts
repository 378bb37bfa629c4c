import { sql, type Kysely, type Migration } from 'kysely';
import { createOrderProjectFunction } from './0013-order-project.js';

/**
 * The readable order number (domain/order/order-number.ts) and the sequence that hands it out.
 * Orders created before get the number a replay of their events gives them (legacyOrderNumber:
 * the China-time day and the id's first eight characters), so a rebuild changes none of them.
 */
export const orderNumber: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create sequence if not exists order_no_seq`.execute(db);
    await sql`alter table orders add column order_no text not null default ''`.execute(db);
    await sql`update orders set order_no = to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || upper(left(id, 8)) where order_no = ''`.execute(
      db,
    );
    await sql`create index orders_order_no on orders (order_no)`.execute(db);
    await sql`insert into order_search_terms (order_id, term) select id, lower(order_no) from orders on conflict do nothing`.execute(db);
    await createOrderProjectFunction(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table orders drop column order_no`.execute(db);
    await sql`drop sequence if exists order_no_seq`.execute(db);
    await createOrderProjectFunction(db);
  },
};
