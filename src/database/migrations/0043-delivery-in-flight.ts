import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A delivery's send in progress (DESIGN.md section 11, at most once per recipient and channel): set
 * when a try starts, cleared with its outcome. One still set long after any send would have ended
 * was cut short by a stopped process, perhaps after the mail server accepted it: it is not sent
 * again but shown to admins as interrupted.
 */
export const deliveryInFlight: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table notification_deliveries add column sending_since timestamptz`.execute(db);
    await sql`create index notification_deliveries_sending on notification_deliveries (sending_since) where sending_since is not null`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index if exists notification_deliveries_sending`.execute(db);
    await sql`alter table notification_deliveries drop column sending_since`.execute(db);
  },
};
