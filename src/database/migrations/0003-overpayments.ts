import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Money received beyond an order's locked CNY amount is kept on the row and indexed, so the back
 * office can list the overpayments it must refund. Rows projected before this column existed get
 * it from what they already hold (paid minus the locked amount).
 */
export const overpayments: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table orders add column overpaid_cny numeric(18, 2) not null default 0`.execute(db);
    // The kept machine context too: the next event's row is written from it.
    await sql`
      update orders
         set overpaid_cny = paid_cny - cny_amount,
             state = jsonb_set(state, '{overpaid_cny}', to_jsonb((paid_cny - cny_amount)::text))
       where cny_amount is not null and paid_cny > cny_amount
    `.execute(db);
    await sql`create index orders_overpaid on orders (updated_at) where overpaid_cny > 0`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index orders_overpaid`.execute(db);
    await sql`alter table orders drop column overpaid_cny`.execute(db);
  },
};
