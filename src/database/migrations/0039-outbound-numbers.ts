import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Outbound record numbers (issue 24, src/domain/warehouse/outbound-numbers.ts): the gap-free
 * number each shipment carries in its CK code, kept on its read row so the next command finds the
 * last one taken quickly. Shipments recorded before have none (their codes carry the record id).
 */
export const outboundNumbers: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table warehouse_outbound add column number integer`.execute(db);
    await sql`create unique index warehouse_outbound_number on warehouse_outbound (number) where number is not null`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index if exists warehouse_outbound_number`.execute(db);
    await sql`alter table warehouse_outbound drop column if exists number`.execute(db);
  },
};
