import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { DB, NewOrderRow } from '../database/schema.js';
import { updateSearchTerms } from './order-search-terms.js';
import {
  ORDER_STREAM_PREFIX,
  evolve,
  initialOrderState,
  erasedOrder,
  snapshotOf,
  toOrderEvent,
  type OrderData,
} from '../domain/index.js';

/** What one applied event changed, for whoever waits to read it. */
export interface Applied {
  readonly orderId: string;
  readonly revision: bigint;
}

const orderIdOf = (streamId: string): string => streamId.slice(ORDER_STREAM_PREFIX.length);

/**
 * Applies one stored order event to the read tables, inside the caller's transaction. The row's
 * machine context is evolved with the same machine that decided the event, so the read model can
 * never disagree with the log. Applying an event twice changes nothing (the row's revision says
 * it is there), which makes replays and concurrent runners harmless.
 */
export async function applyOrderEvent(trx: Transaction<DB> | Kysely<DB>, stored: StoredEvent): Promise<Applied | null> {
  if (!stored.streamId.startsWith(ORDER_STREAM_PREFIX)) return null;
  const orderId = orderIdOf(stored.streamId);
  const event = toOrderEvent(stored.type, stored.data, stored.metadata);
  const current = await trx
    .selectFrom('orders')
    .select(['state', 'revision', 'created_at'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (current && BigInt(current.revision) >= stored.revision) return null;
  const before = current ? snapshotOf(current.state) : initialOrderState();
  const after = evolve(before, event).context;
  const row = orderRow(after, stored.revision.toString(), current?.created_at ?? new Date(event.meta.occurred_at), new Date(event.meta.occurred_at));
  await trx
    .insertInto('orders')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
  await updateSearchTerms(trx, current ? before.context : null, after);
  await trx
    .insertInto('order_history')
    .values({
      event_id: event.meta.event_id,
      order_id: orderId,
      revision: stored.revision.toString(),
      type: event.type,
      actor_id: event.meta.actor.id,
      actor_role: event.meta.actor.role,
      occurred_at: event.meta.occurred_at,
      status_before: before.context.status,
      status_after: after.status ?? 0,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .execute();
  await moveStatusCount(trx, before.context.status, after.status);
  return { orderId, revision: stored.revision };
}

async function moveStatusCount(trx: Transaction<DB> | Kysely<DB>, from: number | null, to: number | null): Promise<void> {
  if (from === to) return;
  if (from !== null) {
    await trx.updateTable('order_status_counts').set({ count: sql`count - 1` }).where('status', '=', from).execute();
  }
  if (to !== null) {
    await trx
      .insertInto('order_status_counts')
      .values({ status: to, count: 1 })
      .onConflict((conflict) => conflict.column('status').doUpdateSet({ count: sql`order_status_counts.count + 1` }))
      .execute();
  }
}

/**
 * Rewrites the rows of a user's orders as they read once the user's key is destroyed: the same
 * rows a replay gives from then on (statuses and amounts unchanged, personal fields erased).
 */
export async function eraseOrdersOf(trx: Transaction<DB> | Kysely<DB>, ownerId: number): Promise<void> {
  const rows = await trx.selectFrom('orders').select(['state', 'revision', 'created_at', 'updated_at']).where('owner_id', '=', ownerId).forUpdate().execute();
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
    accept_remittance: account?.accept_remittance ?? '',
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
    reserve_name: '',
    reserve_bank: '',
    reserve_postscript: '',
    paid_cny: order.paid_cny,
    overpaid_cny: order.overpaid_cny,
    gic_order_id: order.partner?.gic_order_id ?? null,
    partner: order.partner ? JSON.stringify(order.partner) : null,
    state: JSON.stringify(order),
    revision,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
