import { sql, type Kysely, type Migration } from 'kysely';
import { createOrderProjectFunction } from './0013-order-project.js';

/**
 * The account number of the reserve account a bank-transfer payer was told to pay into (beside
 * SPEC.md's reserve_name, reserve_bank and reserve_postscript). order_project writes every column
 * of `orders`, so it is made again.
 */
export const reserveAccountNo: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table orders add column reserve_account_no text not null default ''`.execute(db);
    await createOrderProjectFunction(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table orders drop column reserve_account_no`.execute(db);
    await createOrderProjectFunction(db);
  },
};
