import { checkAmount, compareMoney } from '../money.js';
import type { EventMetadata } from './events.js';
import { SELF_RELATION, type OrderData, type PayerDetails, type RecipientAccount, type UploadedFile } from './order-data.js';

/**
 * Pure predicates over an order that the machine's named rules (machine-rules.ts) are built from;
 * the decider uses a few to shape its proposal (which payment fact, which details are missing).
 */

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

/** An entry of a file list as a client sends it: the uid the upload gave, or the url it answered with (data.file_url) beside a uid of the client's own. */
export interface FileReference {
  readonly uid: string;
  readonly url?: string | undefined;
}

/** The path and query of a url, relative or absolute: a client may have made the upload's relative url absolute. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/**
 * The uploads a file list names, in its order and each once: by the uid the upload gave, else by
 * its url. Entries naming no upload of this order are returned as unknown (by the caller's uid).
 */
export function uploadsNamed(order: OrderData, files: readonly FileReference[]): { uploads: UploadedFile[]; unknown: string[] } {
  const byPath = new Map(Object.values(order.uploads).map((upload) => [pathOf(upload.url), upload]));
  const uploads = new Map<string, UploadedFile>();
  const unknown: string[] = [];
  for (const file of files) {
    const upload = Object.hasOwn(order.uploads, file.uid) ? order.uploads[file.uid] : file.url ? byPath.get(pathOf(file.url)) : undefined;
    if (upload) uploads.set(upload.uid, upload);
    else unknown.push(file.uid);
  }
  return { uploads: [...uploads.values()], unknown: [...new Set(unknown)] };
}

export const paymentAlreadyCounted = (order: OrderData, paymentId: string): boolean => order.payment_ids.includes(paymentId);

/** True when what has been paid covers the locked CNY amount. */
export const paidInFull = (order: OrderData, paidCny: string): boolean =>
  order.price !== null && compareMoney(paidCny, order.price.cny_amount) >= 0;
