import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The secondary indexes of the order read tables that a `projections:rebuild` dropped to write
 * faster, with their definitions: recorded in the transaction that drops them, and removed in the
 * one that creates each again, so a rebuild killed in between leaves the way back on record (the
 * next rebuild, or the next start, creates them).
 */
export const rebuildDroppedIndexes: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table rebuild_dropped_indexes (name text primary key, definition text not null)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table rebuild_dropped_indexes`.execute(db);
  },
};
