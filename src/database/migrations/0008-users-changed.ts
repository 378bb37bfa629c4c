import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every change of a user row is announced on channel `users_changed` (payload: the user id), so
 * each server process drops the user it cached for authentication: a revoked session, a new role
 * or an erasure holds in every process, not only in the one that made it.
 */
export const usersChanged: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create function users_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('users_changed', old.id::text);
          return null;
        end $$`.execute(db);
    await sql`create trigger users_changed after update or delete on users for each row execute function users_changed()`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop trigger users_changed on users`.execute(db);
    await sql`drop function users_changed()`.execute(db);
  },
};
