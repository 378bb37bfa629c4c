import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Notifications (DESIGN.md section 11): what each user is told in the app, each channel's delivery
 * of it, and the payer's choice of mails. A notice's `source_key` names what raised it (an event id,
 * a statement entry, a deadline): the unique keys make each (source, recipient, channel) happen at
 * most once, whatever the notifier replays after a restart or a rebuild of the projections.
 */
export const notifications: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table notifications (
      id text primary key,
      user_id integer not null references users (id) on delete cascade,
      source_key text not null,
      kind text not null,
      order_id text,
      order_no text,
      title text not null,
      body text not null,
      created_at timestamptz not null,
      read_at timestamptz,
      unique (source_key, user_id)
    )`.execute(db);
    await sql`create index notifications_of_user on notifications (user_id, created_at desc, id desc)`.execute(db);
    await sql`create index notifications_unread on notifications (user_id) where read_at is null`.execute(db);
    await sql`create table notification_deliveries (
      id bigserial primary key,
      source_key text not null,
      user_id integer not null references users (id) on delete cascade,
      channel text not null,
      kind text not null,
      order_no text,
      payload jsonb not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      sent_at timestamptz,
      failed_at timestamptz,
      created_at timestamptz not null,
      unique (source_key, user_id, channel)
    )`.execute(db);
    await sql`create index notification_deliveries_due on notification_deliveries (next_attempt_at)
      where sent_at is null and failed_at is null`.execute(db);
    await sql`create index notification_deliveries_failed on notification_deliveries (failed_at desc, id desc)
      where failed_at is not null`.execute(db);
    await sql`create table notification_preferences (
      user_id integer primary key references users (id) on delete cascade,
      locale text not null default 'zh-CN',
      email_off text[] not null default '{}',
      updated_at timestamptz not null
    )`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table if exists notification_preferences`.execute(db);
    await sql`drop table if exists notification_deliveries`.execute(db);
    await sql`drop table if exists notifications`.execute(db);
    await sql`delete from projection_checkpoints where name = 'notifier'`.execute(db);
  },
};
