import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import {
  addMoney,
  checkAmount,
  cnyAmount,
  compareMoney,
  estimateCny,
  excessMoney,
  normalizeAmount,
  reservedRate,
  subtractMoney,
} from '../../src/domain/index.js';

/** CNY in fen computed with integers only: amount × rate × (1 + markup), half-up. */
function referenceFen(amountMinor: bigint, amountDigits: number, rateScaled: bigint, markupScaled: bigint): bigint {
  const RATE = 10n ** 6n;
  const MARKUP = 10n ** 4n;
  const numerator = amountMinor * rateScaled * (MARKUP + markupScaled) * 100n;
  const denominator = 10n ** BigInt(amountDigits) * RATE * MARKUP;
  return (2n * numerator + denominator) / (2n * denominator);
}
const decimal = (scaled: bigint, digits: number): string => {
  if (digits === 0) return scaled.toString();
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

describe('money', () => {
  it('CNY = amount × rate × (1 + markup), half-up to 2 decimals, for all amounts, rates and markups', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 300000n, max: 99999999999n }),
        fc.constantFrom(0, 2),
        fc.bigInt({ min: 1n, max: 200_000_000n }),
        fc.bigInt({ min: 0n, max: 999n }),
        (amountMinor, digits, rateScaled, markupScaled) => {
          const fen = referenceFen(amountMinor, digits, rateScaled, markupScaled);
          const result = cnyAmount(decimal(amountMinor, digits), decimal(rateScaled, 6), decimal(markupScaled, 4));
          expect(result).toBe(decimal(fen, 2));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rounds half up, not to even', () => {
    expect(cnyAmount('3000', '0.000005', '0')).toBe('0.02');
    expect(cnyAmount('3000.5', '1', '0')).toBe('3000.50');
    expect(cnyAmount('5000', '7.8123', '0.01')).toBe('39452.12');
    expect(reservedRate('7.8123', '0.01')).toBe('7.890423');
  });

  it('checks amounts against the minimum and the currency minor units', () => {
    expect(checkAmount('2999.99', 'EUR')).toBe('below_minimum');
    expect(checkAmount('3000', 'EUR')).toBeNull();
    expect(checkAmount('3000.01', 'EUR')).toBeNull();
    expect(checkAmount('3000.001', 'EUR')).toBe('too_many_decimals');
    expect(checkAmount('3000.5', 'JPY')).toBe('too_many_decimals');
    expect(checkAmount('300000', 'JPY')).toBeNull();
    expect(checkAmount('1e5', 'USD')).toBe('not_a_number');
    expect(checkAmount('-3000', 'USD')).toBe('not_a_number');
    expect(checkAmount('03000', 'USD')).toBe('not_a_number');
    expect(checkAmount('1000000000', 'USD')).toBe('above_maximum');
  });

  it('estimates 0.00 below the minimum and the exact CNY at or above it', () => {
    expect(estimateCny('2999', 'EUR', '7.8', '0.01')).toBe('0.00');
    expect(estimateCny('3000', 'EUR', '7.8', '0.01')).toBe('23634.00');
  });

  it('normalises equal amounts to the same text', () => {
    expect(normalizeAmount('3000.50')).toBe('3000.5');
    expect(normalizeAmount('3000.00')).toBe('3000');
  });

  describe('sums of CNY, whichever way they are computed (whole fen or decimal)', () => {
    const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
    /** Sums as they come: fen-sized ones, and ones the fen cannot carry (3 decimals, 14+ digits, a sign). */
    const sum = fc.oneof(
      fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.constantFrom(0, 1, 2)).map(([n, digits]) => decimal(n, digits)),
      fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 22n }), fc.constantFrom(0, 2, 3, 5)).map(([n, digits]) => decimal(n, digits)),
      fc.bigInt({ min: 1n, max: 10n ** 8n }).map((n) => `-${decimal(n, 2)}`),
      fc.constantFrom('0', '0.00', '0.5', '9999999999999.99', '10000000000000.00', '007.10'),
    );

    it('adds, subtracts, finds the excess and compares exactly as decimal arithmetic does', () => {
      fc.assert(
        fc.property(sum, sum, (a, b) => {
          expect(addMoney(a, b)).toBe(new D(a).plus(b).toFixed(2));
          expect(subtractMoney(a, b)).toBe(new D(a).minus(b).toFixed(2));
          expect(excessMoney(a, b)).toBe(D.max(new D(a).minus(b), 0).toFixed(2));
          expect(compareMoney(a, b)).toBe(new D(a).cmp(b));
        }),
        { numRuns: 2000 },
      );
    });

    it('writes whole fen with two decimals and its sign', () => {
      expect(subtractMoney('5.00', '5')).toBe('0.00');
      expect(subtractMoney('1.5', '3.07')).toBe('-1.57');
      expect(addMoney('0.05', '0.1')).toBe('0.15');
      expect(excessMoney('100', '100.01')).toBe('0.00');
      expect(addMoney('9999999999999.99', '9999999999999.99')).toBe('19999999999999.98');
    });
  });
});
