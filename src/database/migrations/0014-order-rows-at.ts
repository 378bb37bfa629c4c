import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `order_rows_at(expected)`: the projector's guard when it writes a batch without having locked
 * its rows. `expected` lists each order's row revision as the projector read it (-1: no row yet);
 * if any row has moved since, it raises (SQLSTATE PJ001) and so undoes the statement it is part
 * of, and the projector applies the batch again under locks.
 */
export const orderRowsAt: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create function order_rows_at(p_expected jsonb) returns boolean language plpgsql as $fn$
        begin
          if exists (
            select from jsonb_to_recordset(p_expected) as e(id text, revision bigint)
              left join orders o on o.id = e.id
             where coalesce(o.revision, -1) <> e.revision
          ) then
            raise exception 'An order row moved while its batch was projected.' using errcode = 'PJ001';
          end if;
          return true;
        end $fn$`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop function order_rows_at(jsonb)`.execute(db);
  },
};
