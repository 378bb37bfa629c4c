import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Audit (DESIGN.md section 8): one key per data subject, kept here and never in the event log.
 * Erasing a subject empties its key and keeps the row, so the erasure itself stays on record.
 */
export const audit: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create table subject_keys (
        subject_id text primary key,
        key bytea,
        created_at timestamptz not null default now(),
        erased_at timestamptz,
        constraint subject_keys_erased check ((key is null) = (erased_at is not null))
      )`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table subject_keys`.execute(db);
  },
};
