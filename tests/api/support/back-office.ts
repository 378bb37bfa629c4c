import type { LightMyRequestResponse } from 'fastify';
import { runOrderCommand } from '../../../src/api/orders/order-commands.js';
import { signatureHeader } from '../../../src/api/payments/signature.js';
import { orderInStatus } from './fixtures.js';
import type { TestApp, TestUser } from './test-app.js';

/** An ordinary order of `user` paid in full by the bank: status 4 (transferred). */
export async function paidOrder(t: TestApp, user: TestUser): Promise<string> {
  const id = await orderInStatus(t, user, 2);
  const row = await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow();
  await runOrderCommand(
    t.deps,
    id,
    { type: 'recordPayment', payment_id: `pay-${id}`, amount_cny: row.cny_amount! },
    { id: 'bank', role: 'bank' },
  );
  return id;
}

export const partnerBody = (gicOrderId: string, overrides: Record<string, unknown> = {}) => ({
  gic_order_id: gicOrderId,
  from: 'Partner Study Abroad Ltd',
  target: 'EUR',
  gic_rate: '8.1',
  cny_fee: '120.00',
  gic_profit: '80.00',
  student_name: '李小龙',
  payer_name: '李大龙',
  amount: '5000',
  resource: 1004,
  ...overrides,
});

/** A partner's signed call to the order intake (signed with PARTNER_SECRET unless `secret` says otherwise). */
export function postPartnerOrder(t: TestApp, body: unknown, options: { secret?: string; at?: Date } = {}) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/partners/orders',
    headers: {
      'content-type': 'application/json',
      'x-signature': signatureHeader(options.secret ?? t.deps.partnerSecret, raw, options.at ?? t.clock.now()),
    },
    payload: raw,
  });
}

/** Events in the whole log and rows of the tables a refused change must leave alone. */
export async function writtenState(t: TestApp) {
  const events = await t.deps.db
    .selectFrom('es_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const orders = await t.deps.db.selectFrom('orders').select(['id', 'status', 'active_upload_document', 'jsfile']).orderBy('id').execute();
  const resources = await t.deps.db.selectFrom('resources').selectAll().orderBy('id').execute();
  const settings = await t.deps.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  const users = await t.deps.db.selectFrom('users').select(['id', 'group']).orderBy('id').execute();
  return JSON.stringify({ events: Number(events.n), orders, resources, settings, users });
}

/**
 * A change that needs four eyes (DESIGN.md section 12) answered 202 with its proposal; a second
 * admin approves it here. Returns the proposal's target id (the institution or user; null for markups).
 */
export async function approveProposal(t: TestApp, approver: TestUser, proposal: LightMyRequestResponse): Promise<number | null> {
  if (proposal.statusCode !== 202) throw new Error(`expected a proposal (202), got ${proposal.statusCode}: ${proposal.body}`);
  const id = (proposal.json() as { data: { approval_id: string } }).data.approval_id;
  const approved = await t.post('/api/v1/manage/approvals/approve', { id }, approver.token);
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  const decided = await t.post('/api/v1/manage/approvals', { state: 'approved' }, approver.token);
  const row = (decided.json() as { data: { id: string; target: { id: number | null } }[] }).data.find((entry) => entry.id === id);
  return row?.target.id ?? null;
}
