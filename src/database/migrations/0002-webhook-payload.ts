import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each webhook receipt keeps the body it was sent, so a call the order refused (a payment that
 * arrived after the order timed out, say) is still on record for the back office, not only its answer.
 */
export const webhookPayload: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table webhook_receipts add column payload text not null default ''`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table webhook_receipts drop column payload`.execute(db);
  },
};
