import { z } from 'zod';
import { encodeMessage, issueMessage } from '../messages/message.js';
import { PAYEE_CURRENCIES, type PayeeCurrency } from '../money.js';
import { amountMessage, amountText } from './amount.js';
import { orderIdField } from './fields.js';

const REQUIRED = issueMessage('validation.required');

/**
 * /step/quota: an amount in a currency (step 1 before the order exists), an order (step 4, or
 * step 1 of a saved order), or an order with the amount being typed for it. Nothing at all asks
 * for the year's figures alone.
 */
export const quotaPayload = z
  .object({
    id: z.preprocess((value) => (value === '' ? undefined : value), orderIdField.optional()),
    currency: z
      .enum(PAYEE_CURRENCIES as [PayeeCurrency, ...PayeeCurrency[]], { error: issueMessage('institution.unsupportedCurrency') })
      .optional(),
    amount: amountText.optional(),
  })
  .superRefine(({ id, currency, amount }, ctx) => {
    // Without an order, an amount needs its currency and a currency its amount.
    if (id === undefined && amount !== undefined && currency === undefined)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: REQUIRED });
    if (id === undefined && currency !== undefined && amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: REQUIRED });
    if (amount === undefined || currency === undefined) return;
    const problem = amountMessage(amount, currency);
    // Not a number at all is the amount field's own issue already (zod goes on past it).
    if (problem && problem.key !== 'validation.amountInvalid')
      ctx.addIssue({ code: 'custom', path: ['amount'], message: encodeMessage(problem) });
  });
export type QuotaPayload = z.infer<typeof quotaPayload>;
