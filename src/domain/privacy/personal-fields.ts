import { PAYER_FIELDS, STUDENT_FIELDS } from '../order/order-fields.js';
import type { FileEntry, OrderData, PartnerDetails, PayerDetails, RecipientAccount, UploadedFile } from '../order/order-data.js';

/**
 * Personal data in events (DESIGN.md section 8): patient and payer names and pinyin, ID numbers,
 * phone and email. These fields are stored sealed under their data subject's key; destroying the
 * key erases them and leaves every status and amount replayable.
 */
export const PERSONAL_PAYER_FIELDS = [
  ...STUDENT_FIELDS,
  ...PAYER_FIELDS.filter((field) => field !== 'payer_relation' && field !== 'payer_code'),
] as const;
export const PERSONAL_PARTNER_FIELDS = ['student_name', 'payer_name'] as const satisfies readonly (keyof PartnerDetails)[];

/**
 * Free text that may name the person (a reference such as "TUITION LI SIGUANG 11010119850505123X",
 * a remittance note): sealed and erased like the fields above, though not masked as one.
 */
export const FREE_TEXT_REFERENCE_FIELDS = ['accept_reference', 'accept_remittance'] as const satisfies readonly (keyof RecipientAccount &
  keyof PayerDetails)[];

/**
 * Where personal data sits in the data of each event type that carries it, as paths: `a.b` is
 * field b of object a, `a[].b` field b of every entry of array a. Events stored before a path was
 * listed keep what they hold in the clear (a hash-chained log is not rewritten).
 */
export const PERSONAL_EVENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  PayerDetailsSaved: [...PERSONAL_PAYER_FIELDS, ...FREE_TEXT_REFERENCE_FIELDS].map((field) => `payer.${field}`),
  PartnerOrderSubmitted: PERSONAL_PARTNER_FIELDS.map((field) => `partner.${field}`),
  RecipientAccountSaved: FREE_TEXT_REFERENCE_FIELDS.map((field) => `account.${field}`),
  FileUploaded: ['file.name'],
  FilesUpdated: ['files[].name'],
  // The bank's note may say whose papers it wants ("passport of LI SIGUANG").
  MoreMaterialsRequested: ['note'],
  // The sender of a bank credit as the statement names them, and people's reasons (free text that may name the payer).
  BankCreditMatched: ['payer_name', 'payer_account', 'reason'],
  RefundRecorded: ['reason'],
  // What people write to each other may say anything about them.
  OrderMessagePosted: ['text'],
  OrderStatusSet: ['reason'],
  // Not personal, but whoever holds it may upload to the order: the log as stored (what an
  // auditor's evidence pack carries) must not hand it out. Sealed, it also dies with an erasure.
  UploadLinkSwitched: ['token'],
};

/** What an erased personal field reads as, everywhere. */
export const ERASED = '[erased]';

/** The data subject whose key seals an order's personal fields: its paying user, or the order itself for a partner's order. */
export const dataSubjectOf = (order: Pick<OrderData, 'owner_id' | 'id'>): string =>
  order.owner_id ? `user-${order.owner_id}` : `order-${order.id}`;

/** Empty fields hold nothing personal: they stay empty, sealed or erased. */
const erasedValue = (value: string): string => (value === '' ? '' : ERASED);

function erasedFields<T extends object>(object: T, fields: readonly string[]): T {
  const copy = { ...object } as Record<string, unknown>;
  for (const field of fields) if (typeof copy[field] === 'string') copy[field] = erasedValue(copy[field]);
  return copy as T;
}

const erasedName = <T extends UploadedFile | FileEntry>(file: T): T => ({ ...file, name: erasedValue(file.name) });

/**
 * The order as it reads once its subject's key is destroyed: what a replay then gives (every
 * field sealed in its events reads `[erased]`), and what the erasure writes over fields that
 * events stored before they were sealed hold in the clear.
 */
export function erasedOrder(order: OrderData): OrderData {
  return {
    ...order,
    account: order.account ? erasedFields(order.account, FREE_TEXT_REFERENCE_FIELDS) : null,
    payer: order.payer ? erasedFields(order.payer, [...PERSONAL_PAYER_FIELDS, ...FREE_TEXT_REFERENCE_FIELDS]) : null,
    partner: order.partner ? erasedFields(order.partner, PERSONAL_PARTNER_FIELDS) : null,
    uploads: Object.fromEntries(Object.entries(order.uploads).map(([uid, file]) => [uid, erasedName(file)])),
    jsfile: order.jsfile.map(erasedName),
    upload_document_token: order.upload_document_token === null ? null : erasedValue(order.upload_document_token),
    materials_note: erasedValue(order.materials_note),
  };
}
