import { z } from 'zod';
import { encodeMessage, issueMessage, message, type Message } from '../messages/message.js';
import { CURRENCY_MINOR_UNITS, checkAmount, type PayeeCurrency } from '../money.js';

const AMOUNT_INVALID = issueMessage('validation.amountInvalid');

/** An amount as typed: a number or a decimal string, kept as a canonical decimal string. */
export const amountText = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string({ error: AMOUNT_INVALID })
    .trim()
    .regex(/^(0|[1-9]\d*)(\.\d+)?$/, AMOUNT_INVALID),
);

/** What is wrong with an amount in a currency, or null when it is acceptable. */
export function amountMessage(amount: string, currency: PayeeCurrency): Message | null {
  switch (checkAmount(amount, currency)) {
    case null:
      return null;
    case 'not_a_number':
    case 'unknown_currency':
      return message('validation.amountInvalid');
    case 'too_many_decimals':
      return CURRENCY_MINOR_UNITS[currency] === 0
        ? message('validation.amountNoDecimals', { currency })
        : message('validation.amountTooManyDecimals', { currency, digits: CURRENCY_MINOR_UNITS[currency] });
    case 'below_minimum':
      return message('validation.amountBelowMinimum', { currency });
    case 'above_maximum':
      return message('validation.amountAboveMaximum');
  }
}

/** The amount of step 1 once the institution's currency is known. */
export const amountIn = (currency: PayeeCurrency) =>
  amountText.superRefine((amount, ctx) => {
    const problem = amountMessage(amount, currency);
    if (problem) ctx.addIssue({ code: 'custom', message: encodeMessage(problem) });
  });
