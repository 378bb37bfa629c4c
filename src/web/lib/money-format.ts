import { Decimal } from 'decimal.js';
import { isPayeeCurrency, minorUnitsOf, type PayeeCurrency } from '../../domain/money.js';

/** The currency as the domain knows it, or null for one the product does not pay in. */
export const payeeCurrency = (currency: string | null | undefined): PayeeCurrency | null =>
  isPayeeCurrency(currency) ? currency : null;

/** Digits after the decimal point the currency allows (JPY none, the others 2). */
export const minorUnits = minorUnitsOf;

/**
 * A decimal amount for display: fixed to `digits` (half-up, computed in decimal, never in binary
 * floats) with thousands separators, e.g. '24952.05' → '24,952.05'.
 */
export function formatMoney(value: string | null | undefined, digits = 2): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  let fixed: string;
  try {
    fixed = new Decimal(value).toFixed(digits, Decimal.ROUND_HALF_UP);
  } catch {
    return value;
  }
  const negative = fixed.startsWith('-');
  const [whole = '', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** An amount in the payee currency with the currency's own decimals: 3000 EUR → '3,000.00'. */
export const formatAmount = (amount: string | null | undefined, currency: string): string => formatMoney(amount, minorUnits(currency));
