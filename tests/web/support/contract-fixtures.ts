import { orderView, type OrderView } from '../../../src/domain/contract/order.js';
import {
  manageOrderDetail,
  manageOrderRow,
  manageResource,
  manageStatistic,
  type ManageOrderDetail,
  type ManageOrderRow,
  type ManageResource,
  type ManageStatistic,
} from '../../../src/domain/contract/manage.js';
import { fundsView, ORDER_QUEUES, type FundsView } from '../../../src/domain/contract/funds.js';
import { uploadLinkOrder, type UploadLinkOrder } from '../../../src/domain/contract/documents.js';

/**
 * Answers as the real server sends them: complete, and parsed with the endpoint's own schema, so a
 * fixture that drifts from the contract fails where it is built rather than as a page showing an error.
 */

/** An order with every field of the contract's order view: empty texts and nulls where nothing is filled in yet. */
export function orderViewOf(fields: Partial<Record<keyof OrderView, unknown>> & { [field: string]: unknown } = {}): OrderView {
  const base: OrderView = {
    id: 'order-1',
    order_no: '20260730-0001',
    status: 0,
    amount: '5000',
    currency: 'EUR',
    cny_amount: null,
    reserved_amount_rate: null,
    deadline_date: null,
    created_at: '2026-07-30T08:00:00.000Z',
    resource: '1001',
    resource_name: '',
    resource_name_en: '',
    user: { id: 7, email: 'payer@example.com' },
    bank: null,
    zl_order: null,
    active_upload_document: false,
    upload_document_token: null,
    jsfile: [],
    accept_account_name: '',
    accept_account_no: '',
    accept_bank: '',
    accept_address: '',
    accept_swift: '',
    accept_reference: '',
    accept_remittance: '',
    transit_code: '',
    bank_branches: '',
    student_last_name: '',
    student_first_name: '',
    student_last_name_pinyin: '',
    student_first_name_pinyin: '',
    student_email: '',
    student_idcode: '',
    payer_relation: '',
    payer_last_name: '',
    payer_first_name: '',
    payer_code: '',
    payer_phone: '',
    payer_idcode: '',
    reserve_name: '',
    reserve_bank: '',
    reserve_account_no: '',
    reserve_postscript: '',
    paid_cny: '0',
    overpaid_cny: '0',
    outstanding_cny: '0',
    materials_note: '',
  };
  return orderView.parse({ ...base, ...fields });
}

/** manage/order/find's answer: the order view plus kind, partner, settable statuses and history. */
export function manageOrderDetailOf(fields: { [field: string]: unknown } = {}): ManageOrderDetail {
  const {
    kind = 'order',
    partner = null,
    settable_statuses = [],
    history = [],
    funds = {},
    materials_note = '',
    status_since = '2026-07-30T08:00:00.000Z',
    ...order
  } = fields;
  return manageOrderDetail.parse({
    ...orderViewOf(order),
    kind,
    partner,
    settable_statuses,
    history: (history as Record<string, unknown>[]).map((entry) => ({ actor_name: '', reason: '', amount_cny: '', ...entry })),
    funds: fundsOf(funds as Partial<FundsView>),
    materials_note,
    status_since,
  });
}

/** The funds of an order (DESIGN.md section 10): nothing due, received or refunded unless given. */
export function fundsOf(fields: Partial<FundsView> = {}): FundsView {
  return fundsView.parse({
    due_cny: '0.00',
    received_cny: '0.00',
    refunded_cny: '0.00',
    balance_cny: '0.00',
    refundable_cny: '0.00',
    entries: [],
    ...fields,
  });
}

/** manage/statistic's answer. */
export function manageStatisticOf(fields: Partial<ManageStatistic> = {}): ManageStatistic {
  const queue_counts = Object.fromEntries(ORDER_QUEUES.map((queue) => [queue, 0]));
  return manageStatistic.parse({
    user: 0,
    order: 0,
    resource: 0,
    status_counts: {},
    approvals_pending: 0,
    queue_counts,
    sla_hours: 24,
    ...fields,
  });
}

/** public/upload/find's answer: what the holder of an upload link may see of the order. */
export function uploadLinkOrderOf(fields: Partial<UploadLinkOrder> = {}): UploadLinkOrder {
  return uploadLinkOrder.parse({
    resource_name: '',
    resource_name_en: '',
    amount: '5000',
    currency: 'EUR',
    status: 2,
    jsfile: [],
    ...fields,
  });
}

/** A row of manage/orders: the fields the table shows, the others empty. */
export function manageOrderRowOf(fields: Partial<ManageOrderRow> & { id: string }): ManageOrderRow {
  return manageOrderRow.parse({
    order_no: '',
    kind: 'order',
    status: 0,
    amount: '5000',
    currency: 'EUR',
    cny_amount: null,
    resource: '1001',
    resource_name: '',
    student_last_name: '',
    student_first_name: '',
    student_last_name_pinyin: '',
    student_first_name_pinyin: '',
    payer_phone: '',
    user: { id: 7, email: 'payer@example.com' },
    active_upload_document: false,
    created_at: '2026-07-30T08:00:00.000Z',
    status_since: '2026-07-30T08:00:00.000Z',
    balance_cny: '0.00',
    partner: null,
    ...fields,
  });
}

/** A row of manage/resources: an institution with every account field (empty unless given). */
export function manageResourceOf(fields: Partial<ManageResource> & { id: number }): ManageResource {
  return manageResource.parse({
    name: '',
    name_en: '',
    code: '',
    currency: 'EUR',
    country: '',
    account_no: '',
    account_name: '',
    account_address: '',
    account_bank: '',
    swift: '',
    transit_code: '',
    bank_branches: '',
    preset_account: false,
    updated_at: '2026-07-30T08:00:00.000Z',
    ...fields,
  });
}
