import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An erasure reaches a person's files and webhooks (DESIGN.md section 8): a stored file whose
 * bytes were destroyed by an erasure says so (`erased_at`), so verification reports it erased
 * rather than missing; a webhook receipt names the order it was about, so the erasure of the
 * order's payer finds the body the bank sent.
 */
export const erasureReachesFiles: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table stored_files add column erased_at timestamptz`.execute(db);
    await sql`alter table webhook_receipts add column order_id text`.execute(db);
    await sql`create index webhook_receipts_order on webhook_receipts (order_id) where order_id is not null`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index webhook_receipts_order`.execute(db);
    await sql`alter table webhook_receipts drop column order_id`.execute(db);
    await sql`alter table stored_files drop column erased_at`.execute(db);
  },
};
