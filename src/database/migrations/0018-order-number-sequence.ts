import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Keeps order_no_seq ahead of every order number the read table holds. A command takes its number
 * from the sequence, so it is ahead already; but rows written from the log alone (a rebuild, a new
 * read database beside an EventStoreDB that already holds orders) carry numbers the sequence never
 * handed out here, and without this it would hand them out again.
 */
export const orderNumberSequence: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`
      create function advance_order_no_seq() returns trigger language plpgsql as $fn$
      declare
        v_sequence bigint;
        v_last bigint;
      begin
        if new.order_no ~ '^\\d{8}-\\d{6,18}$' then
          v_sequence := split_part(new.order_no, '-', 2)::bigint;
          select case when is_called then last_value else 0 end into v_last from order_no_seq;
          if v_sequence > v_last then
            perform setval('order_no_seq', v_sequence, true);
          end if;
        end if;
        return null;
      end $fn$`.execute(db);
    await sql`create trigger orders_advance_order_no after insert on orders for each row execute function advance_order_no_seq()`.execute(
      db,
    );
    // Rows written before this trigger existed.
    await sql`
      select setval('order_no_seq', m, true) from (
        select max(split_part(order_no, '-', 2)::bigint) as m from orders where order_no ~ '^\\d{8}-\\d{6,18}$'
      ) highest where m is not null`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop trigger orders_advance_order_no on orders`.execute(db);
    await sql`drop function advance_order_no_seq()`.execute(db);
  },
};
