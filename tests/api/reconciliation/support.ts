import type { StatementEntry } from '../../../src/api/reconciliation/statement.js';
import { filePart, orderInStatus, postMultipart } from '../support/fixtures.js';
import type { TestApp, TestUser } from '../support/test-app.js';

/** Test support for the reconciliation API: orders awaiting money, credits naming them, imports. */

export const STATEMENTS = '/api/v1/manage/reconciliation/statements';
export const ENTRIES = '/api/v1/manage/reconciliation/entries';
export const RETURN = '/api/v1/manage/reconciliation/return';
export const ASSIGN = '/api/v1/manage/reconciliation/assign';

export interface AwaitingOrder {
  readonly id: string;
  readonly order_no: string;
  readonly due: string;
}

/** An order of `payer` awaiting money (status 2), with its number and the CNY due. */
export async function awaitingOrder(t: TestApp, payer: TestUser): Promise<AwaitingOrder> {
  const id = await orderInStatus(t, payer, 2);
  const row = await t.deps.db.selectFrom('orders').select(['order_no', 'cny_amount']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id, order_no: row.order_no, due: row.cny_amount! };
}

let sequence = 0;

/** A credit (or debit) with a fresh reference. */
export function credit(amount_cny: string, postscript: string, changes: Partial<StatementEntry> = {}): StatementEntry {
  sequence += 1;
  return {
    entry_ref: `REF-${process.pid}-${Date.now()}-${sequence}`,
    booking_date: '2026-11-26',
    amount_cny,
    direction: 'credit',
    payer_name: '张三丰',
    payer_account: '6222020200112233445',
    postscript,
    ...changes,
  };
}

/** Money with two decimals, as a number of fen moved by `fen`. */
export const plusFen = (amount: string, fen: number) => (Math.round(Number(amount) * 100) + fen) / 100 + '';
export const cny = (value: number | string) => Number(value).toFixed(2);

/** Uploads a statement file as an admin would. */
export const importFile = (t: TestApp, user: TestUser, name: string, content: string | Buffer) =>
  postMultipart(t, STATEMENTS, [filePart(name, typeof content === 'string' ? Buffer.from(content) : content)], user.token);

export async function orderFunds(t: TestApp, id: string) {
  return t.deps.db
    .selectFrom('orders')
    .select(['status', 'paid_cny', 'balance_cny', 'cny_amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Counts of the reconciliation tables and the event log. */
export async function reconciliationRows(t: TestApp) {
  const count = async (table: 'statements' | 'statement_entries' | 'es_events') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { statements: await count('statements'), entries: await count('statement_entries'), events: await count('es_events') };
}
