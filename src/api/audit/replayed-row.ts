import type { OrderRow } from '../../database/schema.js';
import type { OrderData } from '../../domain/index.js';
import { orderRow } from '../../projections/order-projector.js';

/** The read row a replayed order would have, in the types a read from the table gives. */
export function replayedRow(order: OrderData, revision: bigint, createdAt: Date, updatedAt: Date): OrderRow {
  const row = orderRow(order, revision.toString(), createdAt, updatedAt);
  return {
    ...row,
    zl_order: row.zl_order ?? null,
    cny_amount: row.cny_amount ?? null,
    reserved_amount_rate: row.reserved_amount_rate ?? null,
    rate: row.rate ?? null,
    markup: row.markup ?? null,
    bank: row.bank ?? null,
    upload_document_token: row.upload_document_token ?? null,
    gic_order_id: row.gic_order_id ?? null,
    deadline_date: order.deadline_date ? new Date(order.deadline_date) : null,
    jsfile: [...order.jsfile],
    partner: order.partner,
    state: order,
    created_at: createdAt,
    updated_at: updatedAt,
  } as OrderRow;
}
