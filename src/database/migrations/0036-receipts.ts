import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issued receipts (DESIGN.md section 11): one per order state worth a receipt (`state_hash` names the
 * figures), kept so that a download of the same state answers the same number and the public check
 * finds what was signed. `figures` is the signed canonical JSON, kept as the exact text.
 */
export const receipts: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table receipts (
      receipt_no text primary key,
      order_id text not null,
      state_hash text not null,
      figures text not null,
      signature text not null,
      key_id text not null,
      issued_at timestamptz not null,
      unique (order_id, state_hash)
    )`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table if exists receipts`.execute(db);
  },
};
