import type { Db } from '../../database/schema.js';
import { amountInMinorUnits, ERASED, isTagged, ORDER_TAGS, type LookalikeOrder } from '../../domain/index.js';

/** What makes an order look like another: the same institution, amount and currency, and (once given) the same patient. */
export interface LookalikeKey {
  readonly ownerId: number;
  readonly exceptId: string | null;
  readonly resource: string;
  readonly currency: string;
  readonly amount: string;
  /** The patient's names; null before step 3 (any patient matches). */
  readonly patient: { readonly last: string; readonly first: string } | null;
}

/** The patient of an order row, when it has one that can be compared (an erased name names no one). */
export function patientOf(row: { student_last_name: string; student_first_name: string }): LookalikeKey['patient'] {
  const { student_last_name: last, student_first_name: first } = row;
  if (last === '' && first === '') return null;
  if (last === ERASED || first === ERASED) return null;
  return { last, first };
}

/**
 * The owner's other open orders with this key, newest first, from the read table. "Open" is the
 * machine's answer (not an ended status), never a list of statuses.
 */
export async function lookalikeOrders(db: Db, key: LookalikeKey): Promise<LookalikeOrder[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'amount', 'currency', 'resource_name', 'created_at'])
    .where('owner_id', '=', key.ownerId)
    .where('resource', '=', key.resource)
    .where('currency', '=', key.currency)
    .where('amount', '=', key.amount);
  if (key.exceptId !== null) query = query.where('id', '!=', key.exceptId);
  if (key.patient !== null)
    query = query.where('student_last_name', '=', key.patient.last).where('student_first_name', '=', key.patient.first);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(50).execute();
  return rows
    .filter((row) => !isTagged(row.status, ORDER_TAGS.ended))
    .map((row) => ({
      id: row.id,
      order_no: row.order_no,
      status: row.status,
      amount: amountInMinorUnits(row.amount, row.currency),
      currency: row.currency,
      resource_name: row.resource_name,
      created_at: row.created_at.toISOString(),
    }));
}
