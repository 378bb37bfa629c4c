import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { dataSubjectOf, erasedOrder, type OrderData } from '../../domain/index.js';

/** The subjects whose key an erasure destroyed (not those that never had one). */
export async function erasedSubjects(db: Kysely<DB>): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('subject_keys').select('subject_id').where('key', 'is', null).execute();
  return new Set(rows.map((row) => row.subject_id));
}

/** The erased subjects among these (one order's, say): a look at their rows only. */
export async function erasedAmong(db: Kysely<DB>, subjects: readonly string[]): Promise<ReadonlySet<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await db
    .selectFrom('subject_keys')
    .select('subject_id')
    .where('subject_id', 'in', subjects)
    .where('key', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.subject_id));
}

/**
 * A replayed order as its read row holds it: once its subject is erased, the erasure also blanked
 * the free text that events stored before it was sealed hold in the clear (eraseOrdersOf), which a
 * replay of those events still reads.
 */
export const asErasureLeftIt = (order: OrderData, erased: ReadonlySet<string>): OrderData =>
  erased.has(dataSubjectOf(order)) ? erasedOrder(order) : order;
