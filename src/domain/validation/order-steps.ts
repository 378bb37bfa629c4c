import { z } from 'zod';
import { SELF_RELATION } from '../order/order-data.js';
import { isValidCnySum } from '../money.js';
import { amountText } from './amount.js';
import { issueMessage } from '../messages/message.js';
import { optionalText, orderIdField, requiredText, resourceIdField } from './fields.js';

/** Payloads of the payer's step calls (SPEC.md section 7, "Order steps"). Unknown fields are dropped. */

/** check/update, order/find, finishUpload, finishPay, makeGoallPayLink, makeJiMuPayLink. */
export const orderIdPayload = z.object({ id: orderIdField });

/** check/update: beyond SPEC.md, the rate and CNY amount shown on the review (checkQuote), so moved figures are refused. */
export const checkUpdatePayload = z.object({
  id: orderIdField,
  // As many decimals as the quote has (rate × (1 + markup) keeps them all); zero is no rate.
  reserved_amount_rate: z
    .string()
    .trim()
    .regex(/^(?=.*[1-9])\d{1,12}(\.\d{1,40})?$/, issueMessage('validation.rate'))
    .optional(),
  /** The CNY amount shown: an amount changed meanwhile (another tab) is refused too. */
  cny_amount: z.string().trim().refine(isValidCnySum, issueMessage('validation.rate')).optional(),
});

export const amountCreatePayload = z.object({
  /** Given when the payer changes the amount of their own draft. */
  id: z.preprocess((value) => (value === '' || value === 0 ? undefined : value), orderIdField.optional()),
  resource: resourceIdField,
  amount: amountText,
  from: optionalText(64),
});
export type AmountCreatePayload = z.infer<typeof amountCreatePayload>;

export const acceptUpdatePayload = z.object({
  id: orderIdField,
  accept_account_name: requiredText(200),
  accept_account_no: requiredText(64),
  accept_bank: requiredText(200),
  accept_address: optionalText(500),
  accept_swift: requiredText(11).pipe(z.string().regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, issueMessage('validation.swift'))),
  accept_reference: optionalText(200),
  accept_remittance: optionalText(200),
  transit_code: optionalText(32),
  bank_branches: optionalText(200),
});
export type AcceptUpdatePayload = z.infer<typeof acceptUpdatePayload>;

export const sendUpdatePayload = z
  .object({
    id: orderIdField,
    student_last_name: requiredText(50),
    student_first_name: requiredText(50),
    student_last_name_pinyin: optionalText(100),
    student_first_name_pinyin: optionalText(100),
    student_email: requiredText(254, issueMessage('validation.emailAddressRequired')).pipe(
      z.email(issueMessage('validation.emailInvalid')),
    ),
    student_idcode: optionalText(64),
    payer_relation: requiredText(32),
    payer_last_name: optionalText(50),
    payer_first_name: optionalText(50),
    payer_code: z.preprocess(
      (value) => (value === null || value === undefined || value === '' ? '+86' : value),
      z
        .string()
        .trim()
        .regex(/^\+\d{1,4}$/, issueMessage('validation.countryCode')),
    ),
    payer_phone: requiredText(20).pipe(z.string().regex(/^\d{4,20}$/, issueMessage('validation.phone'))),
    payer_idcode: optionalText(64),
    accept_reference: optionalText(200),
    // Beyond SPEC.md's payload: step 3's own remittance reference (step 2's reference is accept_reference).
    accept_remittance: optionalText(200).optional(),
  })
  .superRefine((payload, ctx) => {
    if (payload.payer_relation === SELF_RELATION) return;
    for (const field of ['payer_last_name', 'payer_first_name', 'payer_idcode'] as const) {
      if (payload[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: issueMessage('validation.required') });
    }
  });
export type SendUpdatePayload = z.infer<typeof sendUpdatePayload>;

export const payUpdatePayload = z.object({
  id: orderIdField,
  bank: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(1), z.literal(3)], { error: issueMessage('validation.paymentMethod') }),
  ),
});

const fileEntry = z.object({
  uid: requiredText(64),
  name: optionalText(255),
  status: optionalText(16),
  url: optionalText(1000),
});

export const updateFilePayload = z.object({
  id: orderIdField,
  fileList: z.array(fileEntry).max(1000, issueMessage('validation.tooManyFiles')),
});
