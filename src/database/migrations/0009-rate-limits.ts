import { sql, type Kysely, type Migration } from 'kysely';

/** Rate-limit counters shared by every server process (one row per key and window). */
export const rateLimits: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table rate_limits (key text primary key, count integer not null, reset_at timestamptz not null)`.execute(db);
    await sql`create index rate_limits_reset on rate_limits (reset_at)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table rate_limits`.execute(db);
  },
};
