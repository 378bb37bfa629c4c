import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chinaYearBounds,
  chinaYearOf,
  ORDER_TAGS,
  PAYEE_CURRENCIES,
  quotaFigures,
  statusHasTag,
  STATUSES,
  STATUSES_NOT_COUNTED,
  usdEquivalent,
  type BaseRates,
  type ForeignAmount,
  type PayeeCurrency,
} from '../../src/domain/index.js';

const RATE_DIGITS = 6;
const ALLOWANCE_CENTS = 5_000_000n;

/** A scaled integer as a decimal string ("12345", 2 → "123.45"). */
const decimal = (scaled: bigint, digits: number): string => {
  if (digits === 0) return scaled.toString();
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
};
const cents = (text: string): bigint => BigInt(text.replace('.', ''));

/** USD cents by integers only: amount × rate ÷ USD rate, half-up. */
function referenceCents(amountMinor: bigint, digits: number, rate: bigint, usdRate: bigint): bigint {
  const numerator = amountMinor * rate * 100n;
  const denominator = 10n ** BigInt(digits) * usdRate;
  return (2n * numerator + denominator) / (2n * denominator);
}

const digitsOf = (currency: PayeeCurrency): number => (currency === 'JPY' ? 0 : 2);
const rateArbitrary = fc.bigInt({ min: 1n, max: 20_000_000n });
const ratesArbitrary = fc.record(Object.fromEntries(PAYEE_CURRENCIES.map((currency) => [currency, rateArbitrary]))) as fc.Arbitrary<
  Record<PayeeCurrency, bigint>
>;
const partArbitrary = fc.record({
  currency: fc.constantFrom(...PAYEE_CURRENCIES),
  minor: fc.bigInt({ min: 300_000n, max: 99_999_999_999n }),
});

const asRates = (scaled: Record<PayeeCurrency, bigint>): BaseRates =>
  Object.fromEntries(PAYEE_CURRENCIES.map((currency) => [currency, decimal(scaled[currency], RATE_DIGITS)]));
const asPart = ({ currency, minor }: { currency: PayeeCurrency; minor: bigint }): ForeignAmount => ({
  currency,
  amount: decimal(minor, digitsOf(currency)),
});
const centsOf = (part: { currency: PayeeCurrency; minor: bigint }, rates: Record<PayeeCurrency, bigint>): bigint =>
  part.currency === 'USD' ? part.minor : referenceCents(part.minor, digitsOf(part.currency), rates[part.currency], rates.USD);

describe('the USD quota (DESIGN.md section 11)', () => {
  it('converts amount × rate ÷ USD rate half-up to the cent, for all amounts and rates; USD stays itself', () => {
    fc.assert(
      fc.property(partArbitrary, ratesArbitrary, (part, rates) => {
        expect(usdEquivalent(asPart(part), asRates(rates))).toBe(decimal(centsOf(part, rates), 2));
      }),
    );
    expect(usdEquivalent({ currency: 'USD', amount: '4000.5' }, { USD: '7.118' })).toBe('4000.50');
  });

  it('makes the year the exact sum of its parts and remaining = max(0, allowance − year − order), no cent lost', () => {
    fc.assert(
      fc.property(
        fc.array(partArbitrary, { maxLength: 12 }),
        fc.option(partArbitrary, { nil: null }),
        ratesArbitrary,
        (parts, order, rates) => {
          const figures = quotaFigures({ order: order && asPart(order), counted: parts.map(asPart), rates: asRates(rates), year: 2026 });
          const year = parts.reduce((sum, part) => sum + centsOf(part, rates), 0n);
          const ordered = order ? centsOf(order, rates) : 0n;
          const left = ALLOWANCE_CENTS - year - ordered;
          expect(figures).toEqual({
            order_usd: decimal(ordered, 2),
            year_usd: decimal(year, 2),
            allowance_usd: '50000.00',
            remaining_usd: decimal(left > 0n ? left : 0n, 2),
            year: 2026,
            exceeds_allowance: left < 0n,
          });
          // What is shown adds up: the year's figure and the order's are the parts' own cents.
          expect(cents(figures.year_usd) + cents(figures.order_usd)).toBe(year + ordered);
        },
      ),
    );
  });

  it('warns exactly beyond the allowance: up to USD 50,000.00 is within it', () => {
    const rates = { USD: '7.1180' };
    const at = (amount: string) => quotaFigures({ order: { currency: 'USD', amount }, counted: [], rates, year: 2026 });
    expect(at('50000.00')).toMatchObject({ remaining_usd: '0.00', exceeds_allowance: false });
    expect(at('50000.01')).toMatchObject({ remaining_usd: '0.00', exceeds_allowance: true });
  });

  it('leaves out the statuses the machine tags called off, and only those', () => {
    for (const status of STATUSES) expect(STATUSES_NOT_COUNTED.includes(status)).toBe(statusHasTag(status, ORDER_TAGS.calledOff));
  });

  it('puts every instant in the China-time calendar year whose bounds hold it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          const { from, to } = chinaYearBounds(chinaYearOf(instant));
          expect(from.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(to.getTime());
        },
      ),
    );
    expect(chinaYearOf(new Date('2025-12-31T16:00:00.000Z'))).toBe(2026);
    expect(chinaYearOf(new Date('2025-12-31T15:59:59.999Z'))).toBe(2025);
  });
});
