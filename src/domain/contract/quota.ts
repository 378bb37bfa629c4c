import { z } from 'zod';

const usd = z.string().describe('US dollars, a decimal string with 2 decimals');

/** DESIGN.md section 11, "Quota": the order in USD and the payer's calendar year against the yearly allowance. */
export const quotaView = z
  .object({
    order_usd: usd.describe("The order's (or the typed amount's) USD equivalent at today's base rates; 0.00 without one"),
    year_usd: usd.describe(
      "The payer's other orders confirmed this calendar year (China time) and not cancelled, timed out or refunded, at today's base rates",
    ),
    allowance_usd: usd.describe('The personal yearly foreign-exchange allowance: 50000.00'),
    remaining_usd: usd.describe('allowance − year − order, never below 0.00'),
    year: z.number().int().describe('The calendar year counted (China time)'),
    exceeds_allowance: z.boolean().describe('The year and the order together go beyond the allowance: a warning, the bank decides'),
  })
  .meta({ id: 'Quota' });
export type QuotaView = z.infer<typeof quotaView>;
