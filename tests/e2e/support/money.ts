import { Decimal } from 'decimal.js';

/** CNY = amount × rate (the rate from findRate already includes the markup), half-up to 2 decimals. */
export function cnyOf(amount: string, rate: string): string {
  return new Decimal(amount).mul(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
