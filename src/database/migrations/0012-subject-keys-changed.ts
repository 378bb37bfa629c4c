import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An erased data subject's key is announced on channel `subject_keys_changed` (payload: the
 * subject), so every server process drops the key it cached and reads the person as erased at once.
 */
export const subjectKeysChanged: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create function subject_keys_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('subject_keys_changed', new.subject_id);
          return null;
        end $$`.execute(db);
    await sql`create trigger subject_keys_changed after update on subject_keys for each row execute function subject_keys_changed()`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop trigger subject_keys_changed on subject_keys`.execute(db);
    await sql`drop function subject_keys_changed()`.execute(db);
  },
};
