import type { OrderData, PartnerDetails, PayerDetails } from '../order/order-data.js';

/**
 * Personal data in events (DESIGN.md section 8): patient and payer names and pinyin, ID numbers,
 * phone and email. These fields are stored sealed under their data subject's key; destroying the
 * key erases them and leaves every status and amount replayable.
 */
export const PERSONAL_PAYER_FIELDS = [
  'student_last_name',
  'student_first_name',
  'student_last_name_pinyin',
  'student_first_name_pinyin',
  'student_email',
  'student_idcode',
  'payer_last_name',
  'payer_first_name',
  'payer_phone',
  'payer_idcode',
] as const satisfies readonly (keyof PayerDetails)[];
export const PERSONAL_PARTNER_FIELDS = ['student_name', 'payer_name'] as const satisfies readonly (keyof PartnerDetails)[];

/** Where personal fields sit in the data of each event type that carries them. */
export const PERSONAL_EVENT_FIELDS: Readonly<Record<string, { readonly object: string; readonly fields: readonly string[] }>> = {
  PayerDetailsSaved: { object: 'payer', fields: PERSONAL_PAYER_FIELDS },
  PartnerOrderSubmitted: { object: 'partner', fields: PERSONAL_PARTNER_FIELDS },
};

/** What an erased personal field reads as, everywhere. */
export const ERASED = '[erased]';

/** The data subject whose key seals an order's personal fields: its paying user, or the order itself for a partner's order. */
export const dataSubjectOf = (order: Pick<OrderData, 'owner_id' | 'id'>): string => (order.owner_id ? `user-${order.owner_id}` : `order-${order.id}`);

/** Empty fields hold nothing personal: they stay empty, sealed or erased. */
const erasedValue = (value: string): string => (value === '' ? '' : ERASED);

function erasedFields<T extends object>(object: T, fields: readonly string[]): T {
  const copy = { ...object } as Record<string, unknown>;
  for (const field of fields) if (typeof copy[field] === 'string') copy[field] = erasedValue(copy[field] as string);
  return copy as T;
}

/** The order as it reads once its subject's key is destroyed: what a replay then gives. */
export function erasedOrder(order: OrderData): OrderData {
  return {
    ...order,
    payer: order.payer ? erasedFields(order.payer, PERSONAL_PAYER_FIELDS) : null,
    partner: order.partner ? erasedFields(order.partner, PERSONAL_PARTNER_FIELDS) : null,
  };
}
