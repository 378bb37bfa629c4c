import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupChangeRefusal,
  institutionRecordSchema,
  isSettableMarkup,
  isSwift,
  isValidIban,
  markupsPayload,
  MARKUP_FIELDS,
  sameMarkups,
  withDefaultMarkups,
  type Group,
} from '../../src/domain/index.js';

/** Valid IBANs of several countries (ISO 13616 examples). */
const IBANS = [
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'CH9300762011623852957',
  'AT611904300234573201',
];

describe('IBAN checksum', () => {
  it('accepts valid IBANs, with or without spaces and in lower case', () => {
    for (const iban of IBANS) {
      expect(isValidIban(iban)).toBe(true);
      expect(isValidIban(iban.replace(/(.{4})/g, '$1 ').trim())).toBe(true);
      expect(isValidIban(iban.toLowerCase())).toBe(true);
    }
  });

  it('for all valid IBANs and any one changed digit, refuses the changed one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IBANS), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, delta) => {
        const digits = [...iban].map((char, index) => ({ char, index })).filter(({ char }) => /\d/.test(char));
        const { index, char } = digits[at % digits.length]!;
        const changed = iban.slice(0, index) + String((Number(char) + delta) % 10) + iban.slice(index + 1);
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it('for all pairs of different adjacent characters, refuses the IBAN with them swapped', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IBANS), fc.nat(), (iban, at) => {
        const index = 4 + (at % (iban.length - 5));
        fc.pre(iban[index] !== iban[index + 1]);
        const swapped = iban.slice(0, index) + iban[index + 1] + iban[index] + iban.slice(index + 2);
        expect(isValidIban(swapped)).toBe(false);
      }),
    );
  });
});

describe('institution records', () => {
  const record = {
    name: '海德堡大学医院',
    country: 'Germany',
    currency: 'eur',
    account_no: 'DE89 3704 0044 0532 0130 00',
    account_name: 'UKHD',
    account_bank: 'Deutsche Bank',
    swift: 'deut de ff',
  };

  it('normalises currency and SWIFT, and keeps a non-IBAN account number as it is', () => {
    const parsed = institutionRecordSchema.parse(record);
    expect(parsed).toMatchObject({ currency: 'EUR', swift: 'DEUTDEFF', preset_account: false });
    expect(institutionRecordSchema.safeParse({ ...record, account_no: '062000 12345678' }).success).toBe(true);
  });

  it('names each bad field: an unsupported currency, a SWIFT of the wrong shape, an IBAN with a wrong check', () => {
    const result = institutionRecordSchema.safeParse({
      ...record,
      currency: 'XYZ',
      swift: 'DEUT',
      account_no: 'DE89 3704 0044 0532 0130 01',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['account_no', 'currency', 'swift']);
  });

  it('SWIFT/BIC: 8 or 11 characters, bank and country letters first', () => {
    expect(['DEUTDEFF', 'DEUTDEFF500', 'CTBAAU2S'].every(isSwift)).toBe(true);
    expect(['DEUT', 'DEUTDEF', '1EUTDEFF', 'DEUTDEFF5', 'DE UTDEFF'].some(isSwift)).toBe(false);
  });
});

describe('markups', () => {
  it('for all decimals, a markup is settable exactly when 0 ≤ m < 1 with at most 6 places', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_999_999 }), fc.integer({ min: 0, max: 7 }), (micro, places) => {
        const value = (micro / 1_000_000).toFixed(places);
        const expected = Number(value) < 1 && places <= 6;
        expect(isSettableMarkup(value)).toBe(expected);
      }),
    );
    for (const bad of ['-0.1', '1', '1.0', '0.1234567', '.5', 'abc', '']) expect(isSettableMarkup(bad)).toBe(false);
  });

  it('the payload needs all nine fields; numbers are read as decimals', () => {
    const all = Object.fromEntries(MARKUP_FIELDS.map((field) => [field, 0.01]));
    expect(markupsPayload.safeParse(all).success).toBe(true);
    const { bit_aed: _missing, ...eight } = all;
    expect(markupsPayload.safeParse(eight).success).toBe(false);
  });

  it('the same table again is no change; fields never set count as 0', () => {
    const stored = withDefaultMarkups({ bit_eur: '0.010' });
    expect(stored.bit_usd).toBe('0');
    expect(sameMarkups(stored, { ...stored, bit_eur: '0.01' })).toBe(true);
    expect(sameMarkups(stored, { ...stored, bit_eur: '0.02' })).toBe(false);
  });
});

describe('user groups: given the admins, when a group changes, then', () => {
  it('for all changes, only moving the last admin out of the admin group is refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Group>(0, 1, 2, 3),
        fc.constantFrom<Group>(0, 1, 2, 3),
        fc.integer({ min: 0, max: 3 }),
        (current, next, admins) => {
          const refusal = groupChangeRefusal(current, next, admins);
          if (current === next) expect(refusal).toBe('unchanged');
          else if (current === 1 && admins <= 1) expect(refusal).toBe('last_admin');
          else expect(refusal).toBeNull();
        },
      ),
    );
  });
});
