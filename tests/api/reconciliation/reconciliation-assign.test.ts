import { describe, expect, it } from 'vitest';
import { dataOf } from '../support/fixtures.js';
import { appForSuite } from '../support/suite-app.js';
import { ENGINES } from '../support/test-app.js';
import { csvOf } from './statement-files.js';
import { ASSIGN, awaitingOrder, cny, credit, importFile, orderFunds, reconciliationRows, RETURN } from './support.js';

/** A match by hand is a proposal a second admin approves (DESIGN.md sections 10 and 12). */
describe.each(ENGINES)('matching a statement entry by hand on %s', (engine) => {
  const t = appForSuite(engine);
  const [proposer, approver, auditor, payer] = t.users('admin', 'admin', 'auditor', 'payer');

  const stray = async (amount: string) => {
    const entry = credit(amount, 'payer forgot the order number');
    dataOf(await importFile(t, proposer, 'stray.csv', csvOf([entry])), 'import');
    return entry;
  };
  const entryRow = (ref: string) =>
    t.deps.db.selectFrom('statement_entries').selectAll().where('entry_ref', '=', ref).executeTakeFirstOrThrow();
  const propose = async (body: Record<string, unknown>) => {
    const response = await t.post(ASSIGN, body, proposer.token);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ data: { approval_id: expect.any(String), message: '已提交审批' } });
    return (response.json() as { data: { approval_id: string } }).data.approval_id;
  };

  it('takes the order by its number as well as its id (a person types the number)', async () => {
    const order = await awaitingOrder(t, payer);
    const entry = await stray(order.due);
    const id = await propose({ entry_ref: entry.entry_ref, order_id: order.order_no.toLowerCase(), reason: 'named by number' });
    const listed = dataOf<{ id: string; target: { label: string } }[]>(
      await t.post('/api/v1/manage/approvals', { state: 'pending' }, approver.token),
      'approvals',
    );
    expect(listed.find((row) => row.id === id)?.target.label).toBe(order.order_no);
    dataOf(await t.post('/api/v1/manage/approvals/approve', { id }, approver.token), 'approve');
    expect(await orderFunds(t, order.id)).toMatchObject({ status: 4 });
  });

  it('proposes; the proposer cannot approve; a second admin does: the order is credited with the reason and the entry matched', async () => {
    const order = await awaitingOrder(t, payer);
    const entry = await stray(order.due);
    const id = await propose({ entry_ref: entry.entry_ref, order_id: order.id, reason: 'payer called: tuition for this order' });
    expect(await orderFunds(t, order.id)).toMatchObject({ status: 2, paid_cny: '0.00' });
    expect(await entryRow(entry.entry_ref)).toMatchObject({ state: 'unmatched' });
    const listed = dataOf<{ id: string; kind: string }[]>(
      await t.post('/api/v1/manage/approvals', { state: 'pending' }, auditor.token),
      'approvals',
    );
    expect(listed.find((row) => row.id === id)).toMatchObject({ kind: 'credit_assignment' });

    const own = await t.post('/api/v1/manage/approvals/approve', { id }, proposer.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'approval_own_proposal' });
    expect((await t.post('/api/v1/manage/approvals/approve', { id }, auditor.token)).statusCode).toBe(403);
    expect(await orderFunds(t, order.id)).toMatchObject({ paid_cny: '0.00' });

    const approved = await t.post('/api/v1/manage/approvals/approve', { id }, approver.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await orderFunds(t, order.id)).toMatchObject({ status: 4, paid_cny: cny(order.due), balance_cny: '0.00' });
    expect(await entryRow(entry.entry_ref)).toMatchObject({
      state: 'matched',
      order_id: order.id,
      order_no: order.order_no,
      reason: 'payer called: tuition for this order',
      decided_by: approver.id,
    });
    const funds = dataOf<{ funds: { entries: { kind: string; reference: string }[] } }>(
      await t.post('/api/v1/manage/order/find', { id: order.id }, proposer.token),
      'find',
    ).funds;
    expect(funds.entries).toEqual([expect.objectContaining({ kind: 'bank_credit', reference: entry.entry_ref })]);
    expect((await t.post('/api/v1/manage/approvals/approve', { id }, approver.token)).json()).toMatchObject({ code: 'approval_decided' });
    expect((await t.post(RETURN, { entry_ref: entry.entry_ref, reason: 'x' }, proposer.token)).statusCode).toBe(409);
  });

  it('refuses at once what cannot be matched, and an approval of an entry returned meanwhile changes nothing', async () => {
    const order = await awaitingOrder(t, payer);
    const entry = await stray('100.00');
    const before = await reconciliationRows(t);
    const refused = [
      [{ entry_ref: 'NO-SUCH', order_id: order.id, reason: 'x' }, 404, 'entry_not_found'],
      [{ entry_ref: entry.entry_ref, order_id: '00000000-0000-4000-8000-000000000000', reason: 'x' }, 404, 'order_not_found'],
      [{ entry_ref: entry.entry_ref, order_id: order.id, reason: '' }, 422, 'validation_failed'],
    ] as const;
    for (const [body, status, code] of refused) {
      const response = await t.post(ASSIGN, body, proposer.token);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
    expect((await t.post(ASSIGN, { entry_ref: entry.entry_ref, order_id: order.id, reason: 'x' }, auditor.token)).statusCode).toBe(403);
    expect(await reconciliationRows(t)).toEqual(before);

    const id = await propose({ entry_ref: entry.entry_ref, order_id: order.id, reason: 'looks like it' });
    expect((await t.post(RETURN, { entry_ref: entry.entry_ref, reason: 'sender asked for it back' }, proposer.token)).statusCode).toBe(200);
    const late = await t.post('/api/v1/manage/approvals/approve', { id }, approver.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'entry_not_unmatched' });
    expect(await orderFunds(t, order.id)).toMatchObject({ paid_cny: '0.00' });
    expect(await entryRow(entry.entry_ref)).toMatchObject({ state: 'returned' });
    expect((await t.post('/api/v1/manage/approvals/reject', { id, reason: 'returned instead' }, approver.token)).statusCode).toBe(200);
  });
});
