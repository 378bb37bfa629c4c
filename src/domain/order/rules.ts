import { checkAmount, compareMoney } from '../money.js';
import type { ActorRole, EventMetadata } from './events.js';
import { SELF_RELATION, type OrderData, type PayerDetails, type RecipientAccount } from './order-data.js';
import { ADMIN_SETTABLE, PARTNER_ADMIN_SETTABLE, isFinalStatus, type Status } from './status.js';

/**
 * The rules of the transition table as pure predicates. The machine's guards call them, and the
 * decider calls them again to say why a command was refused, so the two can never disagree.
 */

export const isOwner = (order: OrderData, meta: EventMetadata): boolean =>
  meta.actor.role === 'payer' && meta.actor.id === order.owner_id;

export const hasRole = (meta: EventMetadata, role: ActorRole): boolean => meta.actor.role === role;

export const uploaderMayAct = (order: OrderData, meta: EventMetadata): boolean =>
  meta.actor.role === 'uploader' &&
  order.active_upload_document &&
  order.status !== null &&
  !isFinalStatus(order.status);

export const amountAcceptable = (order: OrderData, amount: string): boolean =>
  order.resource !== null && checkAmount(amount, order.resource.currency) === null;

const filled = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

const REQUIRED_ACCOUNT_FIELDS = [
  'accept_account_name',
  'accept_account_no',
  'accept_bank',
  'accept_swift',
] as const satisfies readonly (keyof RecipientAccount)[];

const REQUIRED_PATIENT_FIELDS = [
  'student_last_name',
  'student_first_name',
  'student_last_name_pinyin',
  'student_first_name_pinyin',
  'student_email',
  'payer_relation',
  'payer_code',
  'payer_phone',
] as const satisfies readonly (keyof PayerDetails)[];

const REQUIRED_OTHER_PAYER_FIELDS = [
  'payer_last_name',
  'payer_first_name',
  'payer_idcode',
] as const satisfies readonly (keyof PayerDetails)[];

/** Names of the details still missing before the order can be confirmed (empty when complete). */
export function missingDetails(order: OrderData): string[] {
  const account = order.account;
  const payer = order.payer;
  const missing: string[] = [];
  for (const field of REQUIRED_ACCOUNT_FIELDS) if (!filled(account?.[field])) missing.push(field);
  for (const field of REQUIRED_PATIENT_FIELDS) if (!filled(payer?.[field])) missing.push(field);
  if (payer && payer.payer_relation !== SELF_RELATION) {
    for (const field of REQUIRED_OTHER_PAYER_FIELDS) if (!filled(payer[field])) missing.push(field);
  }
  return missing;
}

export const detailsComplete = (order: OrderData): boolean => missingDetails(order).length === 0;

export const deadlinePassed = (order: OrderData, meta: EventMetadata): boolean =>
  order.deadline_date !== null && Date.parse(meta.occurred_at) >= Date.parse(order.deadline_date);

export const allFilesUploadedHere = (order: OrderData, uids: readonly string[]): boolean =>
  uids.every((uid) => Object.hasOwn(order.uploads, uid));

export const paymentAlreadyCounted = (order: OrderData, paymentId: string): boolean =>
  order.payment_ids.includes(paymentId);

/** True when what has been paid covers the locked CNY amount. */
export const paidInFull = (order: OrderData, paidCny: string): boolean =>
  order.price !== null && compareMoney(paidCny, order.price.cny_amount) >= 0;

/** The admin's set-status rule (partner orders: 5 from 4; 7 from 4 or 5; 9 from 4 or 5; 10 from 9). */
const ADMIN_MOVES: Readonly<Record<number, readonly Status[]>> = {
  5: [4],
  6: [4, 5],
  7: [5, 6],
  9: [4, 5, 6, 12, 13],
  10: [9],
};
const PARTNER_ADMIN_MOVES: Readonly<Record<number, readonly Status[]>> = {
  5: [4],
  7: [4, 5],
  9: [4, 5],
  10: [9],
};

export function adminMayMove(order: OrderData, to: number): boolean {
  const partner = order.kind === 'partner';
  const settable = partner ? PARTNER_ADMIN_SETTABLE : ADMIN_SETTABLE;
  const moves = partner ? PARTNER_ADMIN_MOVES : ADMIN_MOVES;
  return order.status !== null && (settable as readonly number[]).includes(to) && (moves[to] ?? []).includes(order.status);
}
