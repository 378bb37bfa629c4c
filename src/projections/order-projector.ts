import type { Db, NewOrderRow } from '../database/schema.js';
import { updateSearchTerms } from './order-search-terms.js';
import { erasedOrder, fundsOf, snapshotOf, type OrderData } from '../domain/index.js';

/** What one applied event changed, for whoever waits to read it. */
export interface Applied {
  readonly orderId: string;
  readonly revision: bigint;
}

/**
 * Rewrites the rows of a user's orders as they read once the user's key is destroyed: the same
 * rows a replay gives from then on (statuses and amounts unchanged, personal fields erased).
 */
export async function eraseOrdersOf(trx: Db, ownerId: number): Promise<void> {
  const rows = await trx
    .selectFrom('orders')
    .select(['state', 'revision', 'created_at', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .execute();
  for (const current of rows) {
    const before = snapshotOf(current.state).context;
    const after = erasedOrder(before);
    const row = orderRow(after, String(current.revision), current.created_at, current.updated_at);
    await trx.updateTable('orders').set(row).where('id', '=', before.id).execute();
    await updateSearchTerms(trx, before, after);
  }
}

/** The read row of an order's machine context at a revision: what the projector writes and the audit compares. */
export function orderRow(order: OrderData, revision: string, createdAt: Date, updatedAt: Date): NewOrderRow {
  const account = order.account;
  const payer = order.payer;
  const price = order.price;
  const funds = fundsOf(order);
  return {
    id: order.id,
    kind: order.kind,
    owner_id: Number(order.owner_id),
    status: order.status ?? 0,
    amount: order.amount,
    currency: order.resource?.currency ?? '',
    cny_amount: price?.cny_amount ?? null,
    reserved_amount_rate: price?.reserved_amount_rate ?? null,
    rate: price?.rate ?? null,
    markup: price?.markup ?? null,
    deadline_date: order.deadline_date,
    resource: order.resource?.id ?? '',
    resource_name: order.resource?.name ?? '',
    order_no: order.order_no,
    bank: order.bank,
    zl_order: null,
    active_upload_document: order.active_upload_document,
    upload_document_token: order.upload_document_token,
    jsfile: JSON.stringify(order.jsfile),
    accept_account_name: account?.accept_account_name ?? '',
    accept_account_no: account?.accept_account_no ?? '',
    accept_bank: account?.accept_bank ?? '',
    accept_address: account?.accept_address ?? '',
    accept_swift: account?.accept_swift ?? '',
    accept_reference: payer?.accept_reference || account?.accept_reference || '',
    accept_remittance: payer?.accept_remittance ?? account?.accept_remittance ?? '',
    transit_code: account?.transit_code ?? '',
    bank_branches: account?.bank_branches ?? '',
    student_last_name: payer?.student_last_name ?? '',
    student_first_name: payer?.student_first_name ?? '',
    student_last_name_pinyin: payer?.student_last_name_pinyin ?? '',
    student_first_name_pinyin: payer?.student_first_name_pinyin ?? '',
    student_email: payer?.student_email ?? '',
    student_idcode: payer?.student_idcode ?? '',
    payer_relation: payer?.payer_relation ?? '',
    payer_last_name: payer?.payer_last_name ?? '',
    payer_first_name: payer?.payer_first_name ?? '',
    payer_code: payer?.payer_code ?? '',
    payer_phone: payer?.payer_phone ?? '',
    payer_idcode: payer?.payer_idcode ?? '',
    reserve_name: order.reserve?.name ?? '',
    reserve_bank: order.reserve?.bank ?? '',
    reserve_account_no: order.reserve?.account_no ?? '',
    reserve_postscript: order.reserve?.postscript ?? '',
    paid_cny: order.paid_cny,
    overpaid_cny: order.overpaid_cny,
    refunded_cny: funds.refunded_cny,
    balance_cny: funds.balance_cny,
    // A context kept before the status's start was recorded: the last change is the best it can tell.
    status_since: order.status_since ? new Date(order.status_since) : updatedAt,
    materials_note: order.materials_note,
    awaits_reply: order.last_message?.side === 'payer',
    gic_order_id: order.partner?.gic_order_id ?? null,
    partner: order.partner ? JSON.stringify(order.partner) : null,
    state: JSON.stringify(order),
    revision,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
