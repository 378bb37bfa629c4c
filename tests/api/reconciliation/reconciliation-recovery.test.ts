import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../../src/api/orders/order-commands.js';
import type { StatementEntry } from '../../../src/api/reconciliation/statement.js';
import { dataOf } from '../support/fixtures.js';
import { appForSuite } from '../support/suite-app.js';
import type { TestUser } from '../support/test-app.js';
import { ENGINES } from '../support/test-app.js';
import { camt053Of } from './statement-files.js';
import { awaitingOrder, cny, credit, importFile, orderFunds, type AwaitingOrder } from './support.js';

interface Imported {
  entries: number;
  matched: number;
  unmatched: number;
  duplicates: number;
}

/** An import that died between storing an entry as matched and crediting its order: the next import finishes it, never twice. */
describe.each(ENGINES)('reconciliation after a crash, and at once, on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, payer] = t.users('admin', 'payer');

  /** What the first import had written when its process died: the statement and the entry, pending. */
  async function leftPending(order: AwaitingOrder, entry: StatementEntry, importer: TestUser) {
    const statement_id = t.deps.ids.uuid();
    const at = t.clock.now();
    await t.deps.db
      .insertInto('statements')
      .values({
        id: statement_id,
        file_name: 'died.xml',
        sha256: '0'.repeat(64),
        format: 'camt053',
        version: 'camt.053.001.08',
        entries: 1,
        matched: 0,
        unmatched: 0,
        duplicates: 0,
        imported_by: importer.id,
        imported_at: at,
      })
      .execute();
    const { entry_ref, booking_date, direction, amount_cny, payer_name, payer_account, postscript } = entry;
    await t.deps.db
      .insertInto('statement_entries')
      .values({
        ...{ entry_ref, booking_date, direction, amount_cny, payer_name, payer_account, postscript, statement_id },
        ...{ state: 'pending', order_id: order.id, order_no: order.order_no, decided_by: null, decided_at: null, imported_at: at },
      })
      .execute();
  }
  const stateOf = async (ref: string) =>
    await t.deps.db.selectFrom('statement_entries').select(['state', 'reason']).where('entry_ref', '=', ref).executeTakeFirstOrThrow();
  const bankCredits = async (id: string) =>
    dataOf<{ funds: { entries: { kind: string; reference: string }[] } }>(
      await t.post('/api/v1/manage/order/find', { id }, admin.token),
      'find',
    ).funds.entries.filter((entry) => entry.kind === 'bank_credit');

  it('the next import credits what an earlier one left pending, marks what was credited already, and gives up on an order that moved on', async () => {
    const [uncredited, credited, cancelled] = [await awaitingOrder(t, payer), await awaitingOrder(t, payer), await awaitingOrder(t, payer)];
    const entries = [
      credit(uncredited.due, uncredited.order_no),
      credit(credited.due, credited.order_no),
      credit('9.00', cancelled.order_no),
    ];
    await leftPending(uncredited, entries[0]!, admin);
    await leftPending(credited, entries[1]!, admin);
    await leftPending(cancelled, entries[2]!, admin);
    // The second died after the order command, before the entry was marked.
    const { entry_ref, booking_date, amount_cny, payer_name, payer_account } = entries[1]!;
    await runOrderCommand(
      t.deps,
      credited.id,
      { type: 'matchBankCredit', entry_ref, booking_date, amount_cny, payer_name, payer_account },
      {
        id: String(admin.id),
        role: 'admin',
      },
    );
    await runOrderCommand(t.deps, cancelled.id, { type: 'cancelOrder' }, { id: String(payer.id), role: 'payer' });

    const answer = await importFile(t, admin, 'next.xml', camt053Of([credit('1.00', 'unrelated'), ...entries]));
    expect(dataOf<Imported>(answer, 'import')).toMatchObject({ entries: 4, matched: 0, unmatched: 1, duplicates: 3 });

    expect(await stateOf(entries[0]!.entry_ref)).toMatchObject({ state: 'matched' });
    expect(await stateOf(entries[1]!.entry_ref)).toMatchObject({ state: 'matched' });
    expect(await stateOf(entries[2]!.entry_ref)).toMatchObject({ state: 'unmatched', reason: 'order_not_awaiting_money' });
    expect(await orderFunds(t, uncredited.id)).toMatchObject({ status: 4, paid_cny: cny(uncredited.due) });
    expect(await orderFunds(t, credited.id)).toMatchObject({ status: 4, paid_cny: cny(credited.due) });
    expect(await bankCredits(credited.id)).toHaveLength(1);
    expect(await orderFunds(t, cancelled.id)).toMatchObject({ status: 8, paid_cny: '0.00' });
  });

  it("an erasure of the payer blanks the sender's name, account and words on the entries credited to their orders", async () => {
    const erased = await t.createUser({});
    const order = await awaitingOrder(t, erased);
    const entry = credit(order.due, `${order.order_no} 李思光`, { payer_name: '李思光', payer_account: '6222000011112222' });
    dataOf(await importFile(t, admin, 'erase.xml', camt053Of([entry])), 'import');
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: erased.id }, admin.token), 'erase');
    const row = await t.deps.db
      .selectFrom('statement_entries')
      .selectAll()
      .where('entry_ref', '=', entry.entry_ref)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payer_name: '', payer_account: '', postscript: '', state: 'matched', order_id: order.id });
  });

  it.runIf(engine === 'postgres')('counts each entry once when the same statement is imported twice at the same moment', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => awaitingOrder(t, payer)));
    const file = camt053Of([...orders.map((order) => credit(order.due, order.order_no)), credit('3.00', 'stray')]);
    const answers = await Promise.all([importFile(t, admin, 'a.xml', file), importFile(t, admin, 'b.xml', file)]);
    const [first, second] = answers.map((answer) => dataOf<Imported>(answer, 'import'));
    expect(first!.matched + second!.matched).toBe(6);
    expect(first!.unmatched + second!.unmatched).toBe(1);
    expect(first!.duplicates + second!.duplicates).toBe(7);
    for (const order of orders) {
      expect(await orderFunds(t, order.id)).toMatchObject({ status: 4, paid_cny: cny(order.due) });
      expect(await bankCredits(order.id)).toHaveLength(1);
    }
  });
});
