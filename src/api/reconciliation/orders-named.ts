import { can, type OrderCommand } from '../../domain/index.js';
import type { OrderFunds } from '../../domain/funds/statement-matching.js';
import { orderNumbersIn } from '../../domain/funds/postscript.js';
import type { Db } from '../../database/schema.js';
import { loadedFromRow, type LoadedOrder } from '../orders/order-commands.js';
import { anyOf, chunksOf } from './entries-repository.js';
import type { StatementEntry } from './statement.js';

/** A credit as the machine is asked about it: whether the order takes money at all, whatever the amount. */
const PROBE: OrderCommand = {
  type: 'matchBankCredit',
  entry_ref: 'probe',
  booking_date: '2000-01-01',
  amount_cny: '0.01',
  payer_name: '',
  payer_account: '',
};

/** The orders a statement names: what matching needs by number, and each read row by id for crediting. */
export interface OrdersNamed {
  readonly funds: Map<string, OrderFunds>;
  /**
   * The orders as their read rows showed them: the credits are decided on these, so the rows are
   * read once per import (should one have moved meanwhile, its append is refused and retried).
   */
  readonly seen: Map<string, LoadedOrder>;
}

/**
 * The orders the credits' postscripts name, by number, with what each is due and has received,
 * and whether it takes money now: the machine says (a credit matched by an admin is a command it
 * may accept or refuse in the order's state), no list of statuses is kept here.
 */
export async function ordersNamed(db: Db, entries: readonly StatementEntry[], now: Date): Promise<OrdersNamed> {
  const numbers = [
    ...new Set(entries.filter((entry) => entry.direction === 'credit').flatMap((entry) => orderNumbersIn(entry.postscript))),
  ];
  const named: OrdersNamed = { funds: new Map(), seen: new Map() };
  for (const chunk of chunksOf(numbers, 5_000)) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'order_no', 'cny_amount', 'paid_cny', 'state', 'revision'])
      .where(anyOf('order_no', chunk))
      .execute();
    for (const row of rows) {
      const loaded = loadedFromRow(row);
      named.seen.set(row.id, loaded);
      named.funds.set(row.order_no, {
        order_id: row.id,
        order_no: row.order_no,
        due_cny: row.cny_amount ?? '0',
        received_cny: row.paid_cny,
        takesMoney: can(loaded.state, PROBE, { id: 'reconciliation', role: 'admin' }, now.toISOString()),
      });
    }
  }
  return named;
}
