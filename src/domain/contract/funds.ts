import { z } from 'zod';
import { orderIdField } from '../validation/fields.js';

/** CNY as the API writes it: a decimal string with two places. */
const cny = z.string().describe('CNY, two decimals');
const isoInstant = z.iso.datetime({ offset: true });

/** A CNY amount someone enters: positive, at most two decimals. */
export const cnyInput = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'A CNY amount with at most two decimals')
  .refine((value) => Number(value) > 0, 'More than zero');

/** Words a person gives for a change of money or status (kept in the order's history). */
export const reasonInput = z.string().trim().min(1).max(500);

/** One movement of money on an order, as staff read it. */
export const fundsEntryView = z.object({
  kind: z.enum(['payment', 'bank_credit', 'refund', 'partner']),
  amount_cny: cny,
  reference: z.string().describe("the provider's payment id, the statement entry's reference or the bank's refund reference"),
  at: isoInstant,
  by: z.string().describe('who recorded it, in words: a person’s name, or the payment provider / the bank / the partner'),
});

/** DESIGN.md section 10: what is due, received, refunded, the balance (negative owed, positive to refund) and what may be refunded now. */
export const fundsView = z
  .object({
    due_cny: cny,
    received_cny: cny,
    refunded_cny: cny,
    balance_cny: cny,
    refundable_cny: cny,
    entries: z.array(fundsEntryView),
  })
  .meta({ id: 'Funds' });
export type FundsView = z.infer<typeof fundsView>;

/** manage/order/refund: money sent back to the payer, with the bank's reference. */
export const refundPayload = z.object({
  id: orderIdField,
  amount_cny: cnyInput,
  reference: z.string().trim().min(1).max(100),
  reason: reasonInput,
});

/** The back office's work queues (DESIGN.md section 10). */
export const ORDER_QUEUES = [
  'awaiting_funds',
  'funds_received',
  'awaiting_payer',
  'to_answer',
  'documents',
  'overpaid',
  'refunding',
] as const;
export type OrderQueue = (typeof ORDER_QUEUES)[number];
export const ORDER_SORTS = ['created', '-created', 'status_since', '-status_since', 'amount', '-amount'] as const;

const chinaDate = z.iso.date().describe('a calendar day, China time');

/** manage/orders: the keyword and the queue's filters (each optional; the export takes the same as query parameters). */
export const orderFilterPayload = z
  .object({
    keyword: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(100)),
    status: z.array(z.number().int().min(0).max(13)).max(14),
    queue: z.enum(ORDER_QUEUES),
    created_from: chinaDate,
    created_to: chinaDate,
    sort: z.enum(ORDER_SORTS),
  })
  .partial();
export type OrderFilter = z.infer<typeof orderFilterPayload>;

/** "2,3" or a repeated parameter (?status=2&status=3): a list of whole numbers. */
const statusList = z.preprocess(
  (value) => (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).filter((part) => part.trim() !== ''),
  z.array(z.coerce.number().int().min(0).max(13)).max(14),
);

/** The export's filters: the list's, as query parameters. */
export const orderExportQuery = orderFilterPayload.extend({ status: statusList.optional() });

/** A statement entry's life: waiting for a person, matched to an order, or sent back. */
export const ENTRY_STATES = ['unmatched', 'matched', 'returned'] as const;

/** manage/reconciliation/statements: what one import did. */
export const statementImported = z
  .object({
    statement_id: z.string(),
    entries: z.number().int().describe('entries in the file (credits and debits)'),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicates: z.number().int().describe('entries imported before: matched nothing again'),
  })
  .meta({ id: 'StatementImported' });

/** One entry of the reserve account's statements, as the reconciliation tab lists it. */
export const statementEntryView = z
  .object({
    entry_ref: z.string(),
    statement_id: z.string(),
    booking_date: z.iso.date(),
    amount_cny: cny,
    payer_name: z.string(),
    payer_account: z.string(),
    postscript: z.string(),
    state: z.enum(ENTRY_STATES),
    order_id: z.string().nullable(),
    order_no: z.string().nullable(),
    /** Why it is unmatched (no_order_number, unknown_order, ...), or the person's reason for a match by hand or a return. */
    reason: z.string(),
    imported_at: isoInstant,
  })
  .meta({ id: 'StatementEntry' });

export const entriesRequest = z.object({
  state: z.enum(ENTRY_STATES).default('unmatched'),
  keyword: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export const entriesPage = z.object({ data: z.array(statementEntryView), total: z.number().int(), page: z.number().int() });

const entryRef = z.string().trim().min(1).max(100);
export const assignEntryPayload = z.object({ entry_ref: entryRef, order_id: orderIdField, reason: reasonInput });
export const returnEntryPayload = z.object({ entry_ref: entryRef, reason: reasonInput });

/** The columns of the order export (CSV and Excel), in order: the header row a spreadsheet user reads. */
export const ORDER_EXPORT_COLUMNS = [
  'order_no',
  'order_id',
  'status',
  'status_text',
  'institution',
  'currency',
  'amount',
  'due_cny',
  'received_cny',
  'refunded_cny',
  'balance_cny',
  'patient_name',
  'patient_pinyin',
  'payer_phone',
  'owner_email',
  'created_at_china',
  'status_since_china',
] as const;
