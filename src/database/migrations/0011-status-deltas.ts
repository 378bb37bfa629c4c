import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Status counts without a hot row: every projection appends the changes it makes (no conflicts
 * between concurrent commands), and the projector folds them into order_status_counts now and then.
 * Counts read the table plus what is not folded yet.
 */
export const statusDeltas: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table order_status_deltas (id bigserial primary key, status smallint not null, delta integer not null)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`
      insert into order_status_counts (status, count) select status, sum(delta) from order_status_deltas group by status
      on conflict (status) do update set count = order_status_counts.count + excluded.count`.execute(db);
    await sql`drop table order_status_deltas`.execute(db);
  },
};
