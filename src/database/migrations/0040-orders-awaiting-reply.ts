import { sql, type Kysely, type Migration } from 'kysely';
import { createOrderProjectFunction } from './0013-order-project.js';

/**
 * The back office's "to answer" queue (DESIGN.md sections 10 and 11): an order whose thread's last
 * message is the payer's. The flag is filled from the kept machine context, so existing orders are
 * right without a rebuild; a partial index keeps the queue a short scan however many orders end.
 */
export const ordersAwaitingReply: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table orders add column awaits_reply boolean not null default false`.execute(db);
    await sql`update orders set awaits_reply = true where state -> 'last_message' ->> 'side' = 'payer'`.execute(db);
    await sql`create index orders_awaiting_reply on orders (kind, created_at desc, id desc) where awaits_reply`.execute(db);
    // A command's own projection writes the row's columns as they were when the function was made.
    await createOrderProjectFunction(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index if exists orders_awaiting_reply`.execute(db);
    await sql`alter table orders drop column awaits_reply`.execute(db);
    await createOrderProjectFunction(db);
  },
};
