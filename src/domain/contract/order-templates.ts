import { z } from 'zod';

/**
 * Beyond SPEC.md (issue 24): what a returning payer may fill steps 2 and 3 from, and the open
 * orders that look like the one being made (same institution, amount and currency, and at step 4
 * the same patient).
 */

const text = z.string();

/** Step 2's account of an earlier order to the same institution (references are per bill, so not offered). */
export const templateAccount = z.object({
  accept_account_name: text,
  accept_account_no: text,
  accept_bank: text,
  accept_address: text,
  accept_swift: text,
  transit_code: text,
  bank_branches: text,
});
export type TemplateAccount = z.infer<typeof templateAccount>;

/** Step 3's patient and payer of an earlier order; an erased value is offered empty. */
export const templatePayer = z.object({
  student_last_name: text,
  student_first_name: text,
  student_last_name_pinyin: text,
  student_first_name_pinyin: text,
  student_email: text,
  student_idcode: text,
  payer_relation: text,
  payer_last_name: text,
  payer_first_name: text,
  payer_code: text,
  payer_phone: text,
  payer_idcode: text,
});
export type TemplatePayer = z.infer<typeof templatePayer>;

export const orderTemplate = z
  .object({
    id: z.string(),
    order_no: z.string(),
    resource_name: z.string(),
    resource_name_en: z.string(),
    created_at: z.iso.datetime(),
    account: templateAccount.nullable().describe('Only from an order to the same institution, and never for a preset account'),
    payer: templatePayer.nullable().describe('Null when the order has no payer details left (none given, or erased)'),
  })
  .meta({ id: 'OrderTemplate' });
export type OrderTemplate = z.infer<typeof orderTemplate>;

/** An open order of the same payer that looks like the one being made. */
export const lookalikeOrder = z
  .object({
    id: z.string(),
    order_no: z.string(),
    status: z.number().int().min(0).max(13),
    amount: z.string(),
    currency: z.string(),
    resource_name: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'LookalikeOrder' });
export type LookalikeOrder = z.infer<typeof lookalikeOrder>;
