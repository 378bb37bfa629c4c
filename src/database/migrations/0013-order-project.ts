import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The transaction-local setting that is 'on' while order_project inserts a new order's row: its
 * number came from order_no_seq, so the trigger that keeps the sequence ahead (0018, made
 * conditional by 0047) is not queued for it.
 */
export const NUMBERED_BY_SEQUENCE = 'orders.numbered_by_sequence';

/**
 * `order_project(last_revision, change)`: a command's own projection, run by the event store in the
 * append's statement (appendAndProjectInStatement), so a command is one round trip and one commit.
 * `change` is what order-batch.ts computes for one order: `expected` (the row's revision the
 * command decided on, -1 for a new order), `row` (the order row), `terms` (its search terms, or
 * null when they did not move), `history` and `deltas` (status count changes). It returns false,
 * writing nothing, when the row is not at `expected` (the projector is behind on this order): the
 * events are still appended, and the projector applies them. A new order's search terms are only
 * inserted: it has none to delete.
 *
 * The row's columns are read from the catalog when the function is made: a migration that adds a
 * column to `orders` calls createOrderProjectFunction again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
export async function createOrderProjectFunction(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ name: string; type: string }>`
    select column_name as name, data_type as type from information_schema.columns
     where table_schema = current_schema() and table_name = 'orders' order by ordinal_position`.execute(db);
  // jsonb_populate_record would keep a JSON text as a jsonb string: those columns are parsed.
  const value = ({ name, type }: { name: string; type: string }) => (type === 'jsonb' ? `(p -> 'row' ->> '${name}')::jsonb` : `r.${name}`);
  const written = rows.filter((column) => column.name !== 'id' && column.name !== 'created_at');
  await sql
    .raw(
      `create or replace function order_project(p_last bigint, p jsonb) returns boolean language plpgsql as $fn$
  declare
    v_id text := p -> 'row' ->> 'id';
    v_expected bigint := (p ->> 'expected')::bigint;
    v_written boolean;
  begin
    if (p -> 'row' ->> 'revision')::bigint is distinct from p_last then
      raise exception 'The projected row of % is not at the appended revision %.', v_id, p_last;
    end if;
    if v_expected = -1 then
      -- The command took this number from order_no_seq: the trigger of migration 0047 need not look.
      perform set_config('${NUMBERED_BY_SEQUENCE}', 'on', true);
      insert into orders (${rows.map((column) => column.name).join(', ')})
        select ${rows.map(value).join(', ')} from jsonb_populate_record(null::orders, p -> 'row') r
        on conflict (id) do nothing;
      v_written := found;
      perform set_config('${NUMBERED_BY_SEQUENCE}', 'off', true);
    else
      update orders set (${written.map((column) => column.name).join(', ')}) =
        (select ${written.map(value).join(', ')} from jsonb_populate_record(null::orders, p -> 'row') r)
       where id = v_id and revision = v_expected;
      v_written := found;
    end if;
    if not v_written then
      return false;
    end if;
    if jsonb_typeof(p -> 'terms') = 'array' then
      if v_expected <> -1 then
        delete from order_search_terms where order_id = v_id;
      end if;
      insert into order_search_terms (order_id, term)
        select v_id, term from jsonb_array_elements_text(p -> 'terms') as t(term) on conflict do nothing;
    end if;
    insert into order_history select * from jsonb_populate_recordset(null::order_history, p -> 'history')
      on conflict (event_id) do nothing;
    insert into order_status_deltas (status, delta)
      select status, delta from jsonb_to_recordset(p -> 'deltas') as d(status smallint, delta integer);
    return true;
  end $fn$`,
    )
    .execute(db);
}

export const orderProject: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await createOrderProjectFunction(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop function order_project(bigint, jsonb)`.execute(db);
  },
};
