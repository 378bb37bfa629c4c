import { Decimal } from 'decimal.js';
import { chinaDayOf, chinaDayStart } from '../china-time.js';
import type { PayeeCurrency } from '../money.js';
import { ORDER_TAGS } from '../order/order-machine.js';
import { statusHasTag } from '../order/progress.js';
import { STATUSES } from '../order/status.js';

/**
 * The payer's yearly foreign-exchange allowance (DESIGN.md section 11, "Quota"): what a person in
 * China may buy in a calendar year without further review, in US dollars. The product only shows
 * it; the bank decides, so nothing here refuses an order.
 */
export const YEARLY_ALLOWANCE_USD = '50000.00';

// The same decimal settings as money.ts: exact, half-up, never a binary float.
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** An amount in the currency the institution is paid in. */
export interface ForeignAmount {
  readonly amount: string;
  readonly currency: PayeeCurrency;
}

/** Base rates (CNY per unit, before the markup) of the currencies in play; USD is always needed. */
export type BaseRates = Readonly<Partial<Record<PayeeCurrency, string>>>;

export interface QuotaFigures {
  /** The order's amount in USD (0.00 without an order). */
  readonly order_usd: string;
  /** The payer's other orders counted this year, in USD. */
  readonly year_usd: string;
  readonly allowance_usd: string;
  /** What is left after the year's orders and this one; never below zero. */
  readonly remaining_usd: string;
  /** The China-time calendar year counted. */
  readonly year: number;
  /** The year's orders and this one together go beyond the allowance (a warning, not a refusal). */
  readonly exceeds_allowance: boolean;
}

function rateOf(rates: BaseRates, currency: PayeeCurrency): string {
  const rate = rates[currency];
  if (rate === undefined) throw new Error(`no base rate for ${currency}`);
  return rate;
}

/** amount × base rate(currency) ÷ base rate(USD), half-up to the cent: a USD amount stays itself. */
export function usdEquivalent(part: ForeignAmount, rates: BaseRates): string {
  if (part.currency === 'USD') return new D(part.amount).toDecimalPlaces(2).toFixed(2);
  return new D(part.amount).times(rateOf(rates, part.currency)).div(rateOf(rates, 'USD')).toDecimalPlaces(2).toFixed(2);
}

/**
 * The quota line's figures: each order converted to the cent on its own, the year the exact sum of
 * those cents (so the parts add up to what is shown), and what remains after the year and the order.
 */
export function quotaFigures(input: {
  readonly order: ForeignAmount | null;
  readonly counted: readonly ForeignAmount[];
  readonly rates: BaseRates;
  readonly year: number;
}): QuotaFigures {
  const order = input.order ? usdEquivalent(input.order, input.rates) : '0.00';
  const year = input.counted.reduce((sum, part) => sum.plus(usdEquivalent(part, input.rates)), new D(0));
  const used = year.plus(order);
  return {
    order_usd: order,
    year_usd: year.toFixed(2),
    allowance_usd: YEARLY_ALLOWANCE_USD,
    remaining_usd: D.max(new D(YEARLY_ALLOWANCE_USD).minus(used), 0).toFixed(2),
    year: input.year,
    exceeds_allowance: used.gt(YEARLY_ALLOWANCE_USD),
  };
}

/**
 * Statuses whose orders never count: called off (cancelled, timed out, refunded), so no money left
 * or it came back. Asked of the machine, so a new status is judged by its tags.
 */
export const STATUSES_NOT_COUNTED = STATUSES.filter((status) => statusHasTag(status, ORDER_TAGS.calledOff));

/** The China-time calendar year an instant falls in (the allowance is per calendar year, in China). */
export const chinaYearOf = (instant: Date): number => Number(chinaDayOf(instant).slice(0, 4));

/** The instants a China-time calendar year begins and ends (exclusive). */
export const chinaYearBounds = (year: number): { readonly from: Date; readonly to: Date } => ({
  from: chinaDayStart(`${String(year).padStart(4, '0')}-01-01`),
  to: chinaDayStart(`${String(year + 1).padStart(4, '0')}-01-01`),
});
