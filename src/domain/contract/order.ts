import { z } from 'zod';
import type { FileEntry } from '../order/order-data.js';

/** An entry of an order's file list (SPEC.md "File entry"); `url` downloads it. */
export const fileEntry = z
  .object({ uid: z.string(), name: z.string(), status: z.literal('done'), url: z.string() })
  .meta({ id: 'FileEntry' }) satisfies z.ZodType<FileEntry>;

const isoInstant = z.iso.datetime();
/** numeric columns arrive as decimal strings; amounts keep the currency's minor units. */
const decimal = z.string();

/**
 * An order in the field names of SPEC.md section 3, as /api/v1/step/order/find and findOrders
 * answer it. Text fields not filled in yet are empty strings; what is not decided yet is null.
 */
export const orderView = z
  .object({
    id: z.string(),
    order_no: z
      .string()
      .describe('Beyond SPEC.md: the readable order number (China-time day and sequence), searchable; id stays the internal id'),
    status: z.number().int().min(0).max(13),
    amount: decimal,
    currency: z.string(),
    cny_amount: decimal.nullable(),
    reserved_amount_rate: decimal.nullable(),
    deadline_date: isoInstant.nullable(),
    created_at: isoInstant,
    resource: z.string(),
    resource_name: z.string(),
    resource_name_en: z.string().describe("Beyond SPEC.md: the institution's English name, for English and German readers"),
    user: z.object({ id: z.number().int(), email: z.string().nullable() }),
    bank: z.number().int().nullable().describe('1 card-scheme payment (bank transfer), 3 messenger scan payment; null until chosen'),
    zl_order: z.string().nullable(),
    active_upload_document: z.boolean(),
    upload_document_token: z.string().nullable().describe('Only while the public upload link is active'),
    jsfile: z.array(fileEntry),
    accept_account_name: z.string(),
    accept_account_no: z.string(),
    accept_bank: z.string(),
    accept_address: z.string(),
    accept_swift: z.string(),
    accept_reference: z.string(),
    accept_remittance: z.string(),
    transit_code: z.string(),
    bank_branches: z.string(),
    student_last_name: z.string(),
    student_first_name: z.string(),
    student_last_name_pinyin: z.string(),
    student_first_name_pinyin: z.string(),
    student_email: z.string(),
    student_idcode: z.string(),
    payer_relation: z.string(),
    payer_last_name: z.string(),
    payer_first_name: z.string(),
    payer_code: z.string(),
    payer_phone: z.string(),
    payer_idcode: z.string(),
    reserve_name: z.string(),
    reserve_bank: z.string(),
    /** Beyond SPEC.md's fields: the account number of reserve_name's account at reserve_bank (bank transfer only). */
    reserve_account_no: z.string(),
    reserve_postscript: z.string(),
    paid_cny: decimal,
    overpaid_cny: decimal.describe('Money received beyond the amount due, to be refunded'),
    outstanding_cny: decimal.describe('What is still to pay: due − (received − refunded), never below 0 (at 12, the shortfall)'),
    materials_note: z.string().describe("The bank's last request for more materials ('' until it asks; masked for an auditor)"),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderView>;

/**
 * Beyond SPEC.md: what confirming the order would lock now (step 4 shows it; check/update may send
 * `reserved_amount_rate` and `cny_amount` back, so that figures that moved meanwhile are refused, not locked unseen).
 */
export const checkQuote = z
  .object({
    rate: decimal.describe('Base rate: CNY per unit of the currency'),
    markup: decimal.describe('Markup as a fraction (0.02 = 2%)'),
    reserved_amount_rate: decimal.describe('rate × (1 + markup)'),
    cny_amount: decimal,
    payment_hours: z.number().int().positive().describe('How long the payer has to pay after confirming'),
  })
  .meta({ id: 'CheckQuote' });
export type CheckQuote = z.infer<typeof checkQuote>;

/** Every step call answers with the order's id, and the flow goes on with it. */
export const orderRef = z.object({ id: z.string() });
export type OrderRef = z.infer<typeof orderRef>;
