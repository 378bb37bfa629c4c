import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A change of institutions or settings (markups, notice) is announced on channel
 * `reference_changed`, so every server process drops the reference data it cached.
 */
export const referenceChanged: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create function reference_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('reference_changed', tg_table_name);
          return null;
        end $$`.execute(db);
    for (const table of ['resources', 'settings']) {
      await sql`create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete on ${sql.table(table)} for each statement execute function reference_changed()`.execute(
        db,
      );
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    for (const table of ['resources', 'settings'])
      await sql`drop trigger ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function reference_changed()`.execute(db);
  },
};
