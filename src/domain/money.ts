import { Decimal } from 'decimal.js';

/**
 * Money is decimal: amounts travel as strings and are computed with decimal.js, never with
 * binary floats, so 0.1 + 0.2 problems cannot reach a payment.
 */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** Minor units (digits after the decimal point) of each currency the product handles. */
export const CURRENCY_MINOR_UNITS = {
  EUR: 2,
  USD: 2,
  AUD: 2,
  JPY: 0,
  GBP: 2,
  THB: 2,
  HKD: 2,
  SGD: 2,
  MYR: 2,
  AED: 2,
  CNY: 2,
} as const;
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;
export type PayeeCurrency = Exclude<Currency, 'CNY'>;
export const PAYEE_CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS).filter((c) => c !== 'CNY') as PayeeCurrency[];

export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && Object.hasOwn(CURRENCY_MINOR_UNITS, value);

/** Guards the boundary: a currency read from storage or a request is only typed, not checked. */
export const isPayeeCurrency = (value: unknown): value is PayeeCurrency => isCurrency(value) && value !== 'CNY';

export const MINIMUM_AMOUNT = '3000';
/** An upper bound that keeps every amount inside the stored numeric precision. */
export const MAXIMUM_AMOUNT = '999999999';
/**
 * The most CNY one order can have received: far above any real order (the largest amount at the
 * highest rate), and well inside what the read tables store (numeric(18,2)).
 */
export const MAXIMUM_PAID_CNY = '999999999999.99';
/** Scan payment is offered up to this CNY amount; bank transfer above it. */
export const SCAN_PAYMENT_LIMIT_CNY = '50000';

export type AmountProblem = 'not_a_number' | 'unknown_currency' | 'too_many_decimals' | 'below_minimum' | 'above_maximum';

const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Checks a payee-currency amount: a plain decimal, the currency's minor units, ≥ 3000. */
export function checkAmount(amount: string, currency: PayeeCurrency): AmountProblem | null {
  if (!PLAIN_DECIMAL.test(amount)) return 'not_a_number';
  if (!isPayeeCurrency(currency)) return 'unknown_currency';
  const value = new D(amount);
  if (value.decimalPlaces() > CURRENCY_MINOR_UNITS[currency]) return 'too_many_decimals';
  if (value.lt(MINIMUM_AMOUNT)) return 'below_minimum';
  if (value.gt(MAXIMUM_AMOUNT)) return 'above_maximum';
  return null;
}

/** Digits after the decimal point the currency allows (JPY none); 2 for one the product does not know. */
export const minorUnitsOf = (currency: string | null | undefined): number => (isCurrency(currency) ? CURRENCY_MINOR_UNITS[currency] : 2);

/** An amount written with its currency's minor units ("300000" JPY, "5000.00" EUR), as it is shown. */
export const amountInMinorUnits = (amount: string, currency: string): string => new D(amount).toFixed(minorUnitsOf(currency));

/** Canonical text of a decimal amount ("3000.50" → "3000.5"), so equal amounts compare equal. */
export const normalizeAmount = (amount: string): string => new D(amount).toFixed();

/** The rate a payer pays per unit of foreign currency: rate × (1 + markup). */
export const reservedRate = (rate: string, markup: string): string => new D(rate).times(new D(1).plus(markup)).toFixed();

/** CNY = amount × rate × (1 + markup), rounded half-up to 2 decimals. */
export const cnyAmount = (amount: string, rate: string, markup: string): string =>
  new D(amount).times(rate).times(new D(1).plus(markup)).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

/** The live estimate on step 1: 0.00 while the amount is not acceptable. */
export function estimateCny(amount: string, currency: PayeeCurrency, rate: string, markup: string): string {
  return checkAmount(amount, currency) === null ? cnyAmount(amount, rate, markup) : '0.00';
}

/**
 * A CNY sum as a whole number of fen, when it is written with at most 2 decimals and small enough
 * that every sum or difference of two stays an exact integer (below 2^53); else null, and the
 * decimal path computes it. Crediting a statement adds and compares sums for every entry and every
 * fold, and decimal.js's parsing was a twentieth of an import's CPU.
 */
const FEN_SIZED = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
function fenOf(amount: string): number | null {
  const parts = FEN_SIZED.exec(amount);
  if (!parts) return null;
  return Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
}
const textOfFen = (fen: number): string => {
  const whole = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};
/** `inFen` on both sums' fen when both have them, else `inDecimal` on the decimals. */
function onSums<T>(a: string, b: string, inFen: (a: number, b: number) => T, inDecimal: (a: Decimal, b: string) => T): T {
  const fenA = fenOf(a);
  const fenB = fenA === null ? null : fenOf(b);
  return fenA !== null && fenB !== null ? inFen(fenA, fenB) : inDecimal(new D(a), b);
}

export const addMoney = (a: string, b: string): string =>
  onSums(
    a,
    b,
    (x, y) => textOfFen(x + y),
    (x, y) => x.plus(y).toFixed(2),
  );
export const subtractMoney = (a: string, b: string): string =>
  onSums(
    a,
    b,
    (x, y) => textOfFen(x - y),
    (x, y) => x.minus(y).toFixed(2),
  );
/** How much `paid` exceeds `due` (0.00 when it does not): money to give back. */
export const excessMoney = (paid: string, due: string): string =>
  onSums(
    paid,
    due,
    (x, y) => textOfFen(Math.max(x - y, 0)),
    (x, y) => D.max(x.minus(y), 0).toFixed(2),
  );
export const compareMoney = (a: string, b: string): -1 | 0 | 1 =>
  onSums(
    a,
    b,
    (x, y) => (x < y ? -1 : x > y ? 1 : 0),
    (x, y) => x.cmp(y) as -1 | 0 | 1,
  );

/** Scan payment carries at most SCAN_PAYMENT_LIMIT_CNY; a larger amount is paid by bank transfer. */
export const scanPaymentAllowed = (cny: string): boolean => compareMoney(cny, SCAN_PAYMENT_LIMIT_CNY) <= 0;
export const isValidRate = (value: string): boolean => PLAIN_DECIMAL.test(value) && new D(value).gt(0);
/** A CNY sum as partners send them: a plain decimal ≥ 0 with at most 2 decimals. */
export const isValidCnySum = (value: string): boolean => /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/.test(value);
export const isValidMarkup = (value: string): boolean => PLAIN_DECIMAL.test(value) && new D(value).lt(1);

/** Whether a rate lies within `band` (a fraction: 0.05 is 5% either way) of the market rate. */
export const isRateWithinBand = (rate: string, market: string, band: string): boolean =>
  isValidRate(rate) && isValidRate(market) && new D(rate).minus(market).abs().lte(new D(market).times(band));
