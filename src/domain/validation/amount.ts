import { z } from 'zod';
import { CURRENCY_MINOR_UNITS, checkAmount, type PayeeCurrency } from '../money.js';
import { MESSAGES } from './fields.js';

/** An amount as typed: a number or a decimal string, kept as a canonical decimal string. */
export const amountText = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z.string({ error: MESSAGES.amountInvalid }).trim().regex(/^(0|[1-9]\d*)(\.\d+)?$/, MESSAGES.amountInvalid),
);

/** The user-facing message for an amount in a currency, or null when it is acceptable. */
export function amountMessage(amount: string, currency: PayeeCurrency): string | null {
  switch (checkAmount(amount, currency)) {
    case null:
      return null;
    case 'not_a_number':
    case 'unknown_currency':
      return MESSAGES.amountInvalid;
    case 'too_many_decimals':
      return MESSAGES.amountTooManyDecimals(currency, CURRENCY_MINOR_UNITS[currency]);
    case 'below_minimum':
      return MESSAGES.amountBelowMinimum(currency);
    case 'above_maximum':
      return MESSAGES.amountAboveMaximum;
  }
}

/** The amount of step 1 once the institution's currency is known. */
export const amountIn = (currency: PayeeCurrency) =>
  amountText.superRefine((amount, ctx) => {
    const message = amountMessage(amount, currency);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
