import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sessions that end (DESIGN.md section 12): every access token names one row here by its `sid`,
 * and is accepted only while that row is neither ended nor expired. Ending a row is announced on
 * channel `sessions_changed` (payload: the session id), so every server process drops the session
 * it cached: a log out holds on every process at once, to the millisecond, not to the second.
 */
export const sessions: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create table sessions (
        id text primary key,
        user_id integer not null references users(id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        second_factor boolean not null default false
      )`.execute(db);
    await sql`create index sessions_open_of_user on sessions (user_id) where ended_at is null`.execute(db);
    await sql`create index sessions_expires_at on sessions (expires_at)`.execute(db);
    await sql`
      create function sessions_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('sessions_changed', old.id);
          return null;
        end $$`.execute(db);
    await sql`create trigger sessions_changed after update or delete on sessions for each row execute function sessions_changed()`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table sessions`.execute(db);
    await sql`drop function sessions_changed()`.execute(db);
  },
};
