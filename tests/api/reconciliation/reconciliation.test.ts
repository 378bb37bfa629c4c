import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../../src/api/orders/order-commands.js';
import { rowCounts } from '../support/row-counts.js';
import { dataOf } from '../support/fixtures.js';
import { appForSuite } from '../support/suite-app.js';
import { ENGINES } from '../support/test-app.js';
import { camt053Of, csvOf } from './statement-files.js';
import { awaitingOrder, cny, credit, ENTRIES, importFile, orderFunds, plusFen, reconciliationRows, RETURN } from './support.js';

interface Imported {
  statement_id: string;
  entries: number;
  matched: number;
  unmatched: number;
  duplicates: number;
}
interface EntryView {
  entry_ref: string;
  state: string;
  payer_name: string;
  payer_account: string;
  order_no: string | null;
  reason: string;
  amount_cny: string;
  booking_date: string;
}

/** DESIGN.md section 10: the reserve account's statement moves orders on money, each entry once. */
describe.each(ENGINES)('bank-statement reconciliation on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, warehouse, payer] = t.users('admin', 'auditor', 'warehouse', 'payer');

  const imported = async (name: string, content: string) => dataOf<Imported>(await importFile(t, admin, name, content), 'import');
  const entries = async (body: Record<string, unknown>, user = admin) =>
    dataOf<{ data: EntryView[]; total: number; page: number }>(await t.post(ENTRIES, body, user.token), 'entries');

  it('matches full, short and over credits, leaves the rest unmatched, ignores debits; a second import moves nothing', async () => {
    const [full, short, over] = [await awaitingOrder(t, payer), await awaitingOrder(t, payer), await awaitingOrder(t, payer)];
    const file = camt053Of([
      credit(full.due, `学费 ${full.order_no}`),
      credit(plusFen(short.due, -10_000), `order ${short.order_no.replace('-', '')}`),
      credit(plusFen(over.due, 5_000), over.order_no),
      credit('100.00', 'no number here'),
      credit('200.00', '20991231-999999'),
      credit('12.00', 'bank fee', { direction: 'debit' }),
    ]);
    const answer = await imported('day.xml', file);
    expect(answer).toMatchObject({ entries: 6, matched: 3, unmatched: 2, duplicates: 0 });

    expect(await orderFunds(t, full.id)).toMatchObject({ status: 4, paid_cny: cny(full.due), balance_cny: '0.00' });
    expect(await orderFunds(t, short.id)).toMatchObject({ status: 12, balance_cny: '-100.00' });
    expect(await orderFunds(t, over.id)).toMatchObject({ status: 4, balance_cny: '50.00' });
    const funds = dataOf<{ funds: { balance_cny: string; entries: { kind: string }[] } }>(
      await t.post('/api/v1/manage/order/find', { id: short.id }, admin.token),
      'find',
    ).funds;
    expect(funds).toMatchObject({ balance_cny: '-100.00', entries: [{ kind: 'bank_credit' }] });

    const before = await reconciliationRows(t);
    const again = await imported('day-again.xml', file);
    expect(again).toMatchObject({ entries: 6, matched: 0, unmatched: 0, duplicates: 6 });
    const after = await reconciliationRows(t);
    expect(after).toEqual({ ...before, statements: before.statements + 1 });
    expect(await orderFunds(t, full.id)).toMatchObject({ status: 4, paid_cny: cny(full.due) });

    const unmatched = await entries({ state: 'unmatched', keyword: '20991231' });
    expect(unmatched.data).toEqual([expect.objectContaining({ state: 'unmatched', reason: 'unknown_order', amount_cny: '200.00' })]);
    const matched = await entries({ state: 'matched', keyword: full.order_no });
    expect(matched.data).toEqual([expect.objectContaining({ order_no: full.order_no, booking_date: '2026-11-26' })]);
  });

  it('reads the CSV statement the same way; an order that takes no money (the machine says) leaves the credit unmatched', async () => {
    const order = await awaitingOrder(t, payer);
    const declared = await awaitingOrder(t, payer);
    const cancelled = await awaitingOrder(t, payer);
    await imported('first.csv', csvOf([credit(declared.due, declared.order_no)]));
    await runOrderCommand(t.deps, cancelled.id, { type: 'cancelOrder' }, { id: String(payer.id), role: 'payer' });
    const file = csvOf(
      [credit(order.due, order.order_no), credit('5.00', `again ${declared.order_no}`), credit('9.00', cancelled.order_no)],
      {
        bom: true,
        crlf: true,
      },
    );
    expect(await imported('day.csv', file)).toMatchObject({ entries: 3, matched: 2, unmatched: 1, duplicates: 0 });
    expect(await orderFunds(t, order.id)).toMatchObject({ status: 4, balance_cny: '0.00' });
    // At 4 the order still takes money (a second transfer counts, and is flagged to refund).
    expect(await orderFunds(t, declared.id)).toMatchObject({ status: 4, balance_cny: '5.00' });
    expect(await orderFunds(t, cancelled.id)).toMatchObject({ status: 8, paid_cny: '0.00' });
    expect((await entries({ state: 'unmatched', keyword: cancelled.order_no })).data).toEqual([
      expect.objectContaining({ reason: 'order_not_awaiting_money', order_no: null }),
    ]);
  });

  it('refuses a file that is not a statement and writes nothing', async () => {
    const order = await awaitingOrder(t, payer);
    const before = { ...(await rowCounts(t)), ...(await reconciliationRows(t)) };
    const bad = [
      ['broken.xml', '<Document><BkToCstmrStmt>'],
      ['foreign.xml', camt053Of([credit(order.due, order.order_no)]).replace(/camt\.053\.001\.08/g, 'camt.054.001.08')],
      ['usd.xml', camt053Of([credit(order.due, order.order_no)]).replace('Ccy="CNY"', 'Ccy="USD"')],
      ['header.csv', 'ref,date,amount\nA,2026-11-26,1.00\n'],
      ['bad-line.csv', csvOf([credit(order.due, order.order_no), credit('1.00', 'x', { booking_date: '2026-02-30' })])],
      ['empty.csv', ''],
    ] as const;
    for (const [name, content] of bad) {
      const response = await importFile(t, admin, name, content);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ code: 'statement_refused', message: expect.stringContaining('对账单未导入') });
    }
    const line = await importFile(t, admin, 'bad-line.csv', bad[4][1]);
    expect((line.json() as { message: string }).message).toContain('第 3 行');
    const large = await importFile(t, admin, 'large.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'statement_too_large' });
    expect({ ...(await rowCounts(t)), ...(await reconciliationRows(t)) }).toEqual(before);
    expect(await orderFunds(t, order.id)).toMatchObject({ status: 2, paid_cny: '0.00' });
  });

  it('lets only admins import, and answers a request without a file clearly', async () => {
    const file = csvOf([credit('1.00', 'nothing')]);
    for (const user of [auditor, warehouse, payer]) expect((await importFile(t, user, 's.csv', file)).statusCode).toBe(403);
    expect((await importFile(t, { ...admin, token: 'nope' }, 's.csv', file)).statusCode).toBe(401);
    const json = await t.post('/api/v1/manage/reconciliation/statements', {}, admin.token);
    expect(json.statusCode).toBe(406);
    for (const user of [warehouse, payer]) expect((await t.post(ENTRIES, {}, user.token)).statusCode).toBe(403);
  });

  it('lists entries by state and keyword, page by page; auditors see the payer masked and cannot search by name', async () => {
    const marker = `MARK${Date.now()}`;
    const file = csvOf(
      Array.from({ length: 23 }, (_, index) => credit(`${index + 1}.00`, `${marker} ${index}`, { payer_name: `王${marker}` })),
    );
    await imported('many.csv', file);
    const first = await entries({ state: 'unmatched', keyword: marker });
    expect(first).toMatchObject({ total: 23, page: 1 });
    expect(first.data).toHaveLength(20);
    const second = await entries({ state: 'unmatched', keyword: marker, page: 2 });
    expect(second.data).toHaveLength(3);
    expect(new Set([...first.data, ...second.data].map((entry) => entry.entry_ref)).size).toBe(23);
    expect(first.data[0]).toMatchObject({ payer_name: `王${marker}`, payer_account: '6222020200112233445', reason: 'no_order_number' });

    const seen = await entries({ state: 'unmatched', keyword: marker }, auditor);
    expect(seen.total).toBe(23);
    expect(seen.data[0]).toMatchObject({ payer_name: '•••', payer_account: '•••' });
    expect((await entries({ state: 'unmatched', keyword: `王${marker}` })).total).toBe(23);
    expect((await entries({ state: 'unmatched', keyword: `王${marker}` }, auditor)).total).toBe(0);
    expect((await entries({ state: 'returned', keyword: marker })).total).toBe(0);
    expect((await t.post(ENTRIES, { state: 'lost' }, admin.token)).statusCode).toBe(422);
  });

  it('returns an unmatched entry with who, when and why; anything else is refused with a clear 409 or 404', async () => {
    const order = await awaitingOrder(t, payer);
    const stray = credit('88.00', 'who am i');
    const paid = credit(order.due, order.order_no);
    await imported('return.csv', csvOf([stray, paid]));

    const returned = await t.post(RETURN, { entry_ref: stray.entry_ref, reason: 'sent back to the payer' }, admin.token);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ data: { message: '已标记为退回' } });
    const row = await t.deps.db
      .selectFrom('statement_entries')
      .selectAll()
      .where('entry_ref', '=', stray.entry_ref)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'returned', reason: 'sent back to the payer', decided_by: admin.id });
    expect(row.decided_at).toBeInstanceOf(Date);
    expect((await entries({ state: 'returned', keyword: stray.entry_ref })).data).toHaveLength(1);

    const twice = await t.post(RETURN, { entry_ref: stray.entry_ref, reason: 'again' }, admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'entry_not_unmatched', message: '该流水已退回付款人，不能再处理' });
    const matched = await t.post(RETURN, { entry_ref: paid.entry_ref, reason: 'no' }, admin.token);
    expect(matched.statusCode).toBe(409);
    expect((matched.json() as { message: string }).message).toContain(order.order_no);
    expect((await t.post(RETURN, { entry_ref: 'NO-SUCH-REF', reason: 'x' }, admin.token)).json()).toMatchObject({
      code: 'entry_not_found',
    });
    expect((await t.post(RETURN, { entry_ref: stray.entry_ref, reason: '' }, admin.token)).statusCode).toBe(422);
    expect((await t.post(RETURN, { entry_ref: stray.entry_ref, reason: 'x' }, auditor.token)).statusCode).toBe(403);
  });
});
