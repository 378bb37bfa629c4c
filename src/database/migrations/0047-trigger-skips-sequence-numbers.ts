import { sql, type Kysely, type Migration } from 'kysely';
import { createOrderProjectFunction, NUMBERED_BY_SEQUENCE } from './0013-order-project.js';

/**
 * A command's new order row does not run the trigger that keeps order_no_seq ahead (0018): the
 * command took its number from that sequence, so the trigger's look at the sequence (a PL/pgSQL
 * call, a pattern match and a read of the sequence for every create) could never move it. The
 * trigger still runs for every row written any other way (a rebuild, the projector, a restore):
 * order_project marks its own insert with a transaction-local setting, and the trigger's WHEN
 * skips only rows inserted while it is on. (A projection batch has since turned it on too, having
 * moved the sequence past its rows' numbers itself, once per batch: order-batch.ts.)
 */
export const triggerSkipsSequenceNumbers: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await createOrderProjectFunction(db);
    await sql`drop trigger orders_advance_order_no on orders`.execute(db);
    await sql`
      create trigger orders_advance_order_no after insert on orders for each row
        when (current_setting(${sql.lit(NUMBERED_BY_SEQUENCE)}, true) is distinct from 'on')
        execute function advance_order_no_seq()`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop trigger orders_advance_order_no on orders`.execute(db);
    await sql`create trigger orders_advance_order_no after insert on orders for each row execute function advance_order_no_seq()`.execute(
      db,
    );
  },
};
