import type { Db } from '../database/schema.js';
import type { OrderData } from '../domain/index.js';

/**
 * The words an admin finds an order by (issue: order id and number, institution, patient names in Chinese and
 * pinyin, payer phone, the patient's email; the owner's email is matched through the users table).
 * Lower case, matched by prefix through a text_pattern_ops index.
 */
export function searchTermsOf(order: OrderData): string[] {
  const payer = order.payer;
  const partner = order.partner;
  const words = [
    order.id,
    order.order_no,
    // Said on the phone as its sequence alone ("订单 000042").
    order.order_no.split('-')[1],
    order.resource?.name,
    payer && payer.student_last_name + payer.student_first_name,
    payer?.student_last_name,
    payer?.student_first_name,
    payer && payer.student_last_name_pinyin + payer.student_first_name_pinyin,
    payer && `${payer.student_last_name_pinyin} ${payer.student_first_name_pinyin}`,
    payer?.student_last_name_pinyin,
    payer?.student_first_name_pinyin,
    payer?.payer_phone,
    payer?.student_email,
    partner?.gic_order_id,
    partner?.student_name,
    partner?.payer_name,
  ];
  return [...new Set(words.map((word) => (word ?? '').trim().toLowerCase()).filter((word) => word.length > 0))].sort();
}

/** Rewrites the order's terms when they changed (most events change none). */
export async function updateSearchTerms(trx: Db, before: OrderData | null, after: OrderData): Promise<void> {
  const terms = searchTermsOf(after);
  if (before && before.id === after.id && searchTermsOf(before).join('\n') === terms.join('\n')) return;
  await trx.deleteFrom('order_search_terms').where('order_id', '=', after.id).execute();
  if (terms.length > 0)
    await trx
      .insertInto('order_search_terms')
      .values(terms.map((term) => ({ order_id: after.id, term })))
      .execute();
}
