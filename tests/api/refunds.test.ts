import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { approveProposal, postPartnerOrder, partnerBody, writtenState } from './support/back-office.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';
import type { SuiteApp } from './support/suite-app.js';
import type { TestUser } from './support/test-app.js';

const M = '/api/v1/manage';
const BANK = { id: 'bank', role: 'bank' } as const;
/** The test users' names are their emails' local parts. */
const nameOf = (user: TestUser) => user.email.split('@')[0]!;

interface Funds {
  due_cny: string;
  received_cny: string;
  refunded_cny: string;
  balance_cny: string;
  refundable_cny: string;
  entries: { kind: string; amount_cny: string; reference: string; by: string }[];
}
interface Found {
  status: number;
  cny_amount: string;
  settable_statuses: number[];
  funds: Funds;
  history: { type: string; actor_name: string; reason: string; amount_cny: string }[];
}

const find = async (t: SuiteApp, id: string, user: TestUser) => dataOf<Found>(await t.post(`${M}/order/find`, { id }, user.token), 'find');

/** An order the payer declared transferred (4), then paid `extra` CNY more than it is due. */
async function overpaidOrder(t: SuiteApp, payer: TestUser, extra: string): Promise<{ id: string; due: string }> {
  const id = await orderInStatus(t, payer, 2);
  dataOf(await t.post('/api/v1/step/order/finishPay', { id }, payer.token), 'finishPay');
  const row = await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow();
  const due = String(row.cny_amount);
  const paid = (Number(due) + Number(extra)).toFixed(2);
  await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `pay-${id}`, amount_cny: paid }, BANK);
  return { id, due };
}

describe.each(ENGINES)('refunds and the funds ledger on %s', (engine) => {
  // A low threshold, so a refund of everything an order paid needs a second admin.
  const t = appForSuite(engine, { env: { REFUND_APPROVAL_CNY: '1000' } });
  const [admin, secondAdmin, auditor, payer] = t.users('admin', 'admin', 'auditor', 'payer');

  it('refunds an overpayment while the order goes on: at most the excess, each bank reference once, with who and why', async () => {
    const { id, due } = await overpaidOrder(t, payer, '100.00');
    const before = await find(t, id, admin);
    expect(before.funds).toMatchObject({ due_cny: due, balance_cny: '100.00', refundable_cny: '100.00', refunded_cny: '0.00' });
    expect(before.funds.entries).toEqual([expect.objectContaining({ kind: 'payment', reference: `pay-${id}`, by: 'bank' })]);
    // Completing would leave the excess with us: refused until it is refunded.
    dataOf(await t.post(`${M}/setStatus`, { id, status: 5, reason: 'money in' }, admin.token), 'set 5');
    const early = await t.post(`${M}/setStatus`, { id, status: 7 }, admin.token);
    expect(early.statusCode).toBe(409);

    const written = await writtenState(t);
    const tooMuch = await t.post(`${M}/order/refund`, { id, amount_cny: '100.01', reference: 'RF-1', reason: '多付' }, admin.token);
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'order_refused.refund_exceeds_balance',
      message: '退款金额超过可退余额：最多可退 100.00 元',
    });
    expect(await writtenState(t)).toBe(written);

    dataOf(await t.post(`${M}/order/refund`, { id, amount_cny: '100', reference: 'RF-1', reason: '多付退回' }, admin.token), 'refund');
    const again = await t.post(`${M}/order/refund`, { id, amount_cny: '1', reference: 'RF-1', reason: 'twice' }, admin.token);
    expect(again.json()).toMatchObject({ code: 'order_refused.refund_already_recorded' });

    const after = await find(t, id, admin);
    expect(after.funds).toMatchObject({ refunded_cny: '100.00', balance_cny: '0.00', refundable_cny: '0.00' });
    expect(after.funds.entries.at(-1)).toMatchObject({ kind: 'refund', amount_cny: '100.00', reference: 'RF-1', by: nameOf(admin) });
    expect(after.history.find((entry) => entry.type === 'RefundRecorded')).toMatchObject({
      actor_name: nameOf(admin),
      reason: '多付退回',
      amount_cny: '100.00',
    });
    expect(after.history.find((entry) => entry.type === 'OrderStatusSet')).toMatchObject({ reason: 'money in' });
    expect(after.settable_statuses).toContain(7);
    // An auditor reads the amounts, and the reasons masked (free text may name the payer).
    const audited = await find(t, id, auditor);
    expect(audited.funds.refunded_cny).toBe('100.00');
    expect(audited.history.find((entry) => entry.type === 'RefundRecorded')?.reason).not.toBe('多付退回');
  });

  it('refuses a refund from an auditor, of nothing, without a reference or reason, and on an unknown order', async () => {
    const { id } = await overpaidOrder(t, payer, '10.00');
    const written = await writtenState(t);
    const body = { id, amount_cny: '5', reference: 'RF-x', reason: 'r' };
    expect((await t.post(`${M}/order/refund`, body, auditor.token)).statusCode).toBe(403);
    expect((await t.post(`${M}/order/refund`, body, payer.token)).statusCode).toBe(403);
    for (const bad of [{ amount_cny: '0' }, { amount_cny: '-5' }, { amount_cny: '1.234' }, { reference: ' ' }, { reason: '' }]) {
      expect((await t.post(`${M}/order/refund`, { ...body, ...bad }, admin.token)).statusCode).toBe(422);
    }
    expect((await t.post(`${M}/order/refund`, { ...body, id: 'no-such-order' }, admin.token)).statusCode).toBe(404);
    expect(await writtenState(t)).toBe(written);
  });

  it('refunds everything of a called-off order above the threshold with a second admin, then completes the refund (10)', async () => {
    const { id, due } = await overpaidOrder(t, payer, '0.00');
    dataOf(await t.post(`${M}/setStatus`, { id, status: 9, reason: 'payer withdrew' }, admin.token), 'set 9');
    const early = await t.post(`${M}/setStatus`, { id, status: 10 }, admin.token);
    expect(early.json()).toMatchObject({ code: 'order_refused.refund_incomplete' });
    expect((await find(t, id, admin)).settable_statuses).not.toContain(10);

    const proposal = await t.post(`${M}/order/refund`, { id, amount_cny: due, reference: 'RF-ALL', reason: 'withdrawn' }, admin.token);
    expect(proposal.statusCode, proposal.body).toBe(202);
    expect((await find(t, id, admin)).funds.refunded_cny).toBe('0.00');
    const approvalId = (proposal.json() as { data: { approval_id: string } }).data.approval_id;
    expect((await t.post(`${M}/approvals/approve`, { id: approvalId }, admin.token)).statusCode).toBe(403);
    await approveProposal(t, secondAdmin, proposal);

    const refunded = await find(t, id, admin);
    expect(refunded.funds).toMatchObject({ received_cny: due, refunded_cny: due });
    expect(refunded.settable_statuses).toEqual([10]);
    dataOf(await t.post(`${M}/setStatus`, { id, status: 10 }, admin.token), 'set 10');
    expect((await find(t, id, admin)).status).toBe(10);
  });

  it("a partner order's refund gives back what the partner collected before it is complete", async () => {
    const created = dataOf<{ id: string }>(await postPartnerOrder(t, partnerBody(`GIC-${Date.now()}`)), 'partner order');
    const order = await find(t, created.id, admin);
    expect(order.funds.entries).toEqual([expect.objectContaining({ kind: 'partner', amount_cny: order.funds.received_cny })]);
    dataOf(await t.post(`${M}/gic/setStatus`, { id: created.id, status: 9 }, admin.token), 'set 9');
    expect((await t.post(`${M}/gic/setStatus`, { id: created.id, status: 10 }, admin.token)).statusCode).toBe(409);
  });
});
