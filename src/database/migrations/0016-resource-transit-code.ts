import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An institution's transit code (ABA routing code for USD, BSB for AUD) and bank branch (JPY), so a
 * preset account fixes every field step 2 asks for. The demo Sydney account kept its BSB inside
 * the account number ('062000 12345678'): it is split where it is still exactly that.
 */
export const resourceTransitCode: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table resources add column transit_code text not null default '', add column bank_branches text not null default ''`.execute(
      db,
    );
    await sql`update resources set transit_code = '062000', account_no = '12345678' where id = 1002 and account_no = '062000 12345678'`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`update resources set account_no = transit_code || ' ' || account_no where id = 1002 and transit_code = '062000' and account_no = '12345678'`.execute(
      db,
    );
    await sql`alter table resources drop column transit_code, drop column bank_branches`.execute(db);
  },
};
