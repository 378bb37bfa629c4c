import { z } from 'zod';
import type { Locale } from '../../../../domain/locale.js';
import { issueMessage } from '../../../../domain/messages/message.js';
import type { PayeeCurrency } from '../../../../domain/money.js';
import { amountIn } from '../../../../domain/validation/amount.js';
import { plainAmount } from '../../../lib/locale-amount.js';

/** The plain decimal a typed amount stands for; '' (no amount, which the domain refuses) when it stands for none. */
const asPlain = (locale: Locale) => (typed: unknown) => (typeof typed === 'string' ? (plainAmount(typed, locale) ?? '') : typed);

/**
 * Step 1's form: the amount typed in the locale's way, checked as the domain checks the plain
 * amount it stands for in the institution's currency (a currency the product does not pay in
 * takes none); the output is that plain amount.
 */
export const amountForm = (currency: PayeeCurrency | null, locale: Locale) =>
  z.object({
    amount: z.preprocess(asPlain(locale), currency ? amountIn(currency) : z.never({ error: issueMessage('validation.amountInvalid') })),
  });
