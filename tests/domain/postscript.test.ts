import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderNumbersIn } from '../../src/domain/funds/postscript.js';
import { isOrderNumber, legacyOrderNumber, orderNumber } from '../../src/domain/index.js';

describe('order numbers in a remittance text (附言)', () => {
  it.each([
    ['学费 20261126-000042', ['20261126-000042']],
    ['20261126-000042', ['20261126-000042']],
    ['２０２６１１２６－００００４２ 张三', ['20261126-000042']],
    ['ORDER 20261126 000042', ['20261126-000042']],
    ['order20261126000042', ['20261126-000042']],
    ['CN002026112600004212345', []],
    ['附言:20261126000042,谢谢', ['20261126-000042']],
    ['20261120-77aa88bb Mayo', ['20261120-77AA88BB']],
    ['20261126–000042 and 20261126-000043', ['20261126-000042', '20261126-000043']],
    ['20261126-000042 20261126-000042', ['20261126-000042']],
    ['tel 13800138000, account 6222020200112233445', []],
    ['', []],
  ])('%s → %j', (postscript, numbers) => {
    expect(orderNumbersIn(postscript)).toEqual(numbers);
  });

  it('finds any number the product hands out, however a payer writes it, among any other words', () => {
    const day = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
    const number = fc.oneof(
      fc.tuple(day, fc.integer({ min: 1, max: 9_999_999 })).map(([at, sequence]) => orderNumber(at, sequence)!),
      fc.tuple(day, fc.uuid()).map(([at, id]) => legacyOrderNumber(id, at)),
    );
    const writing = fc.constantFrom(
      (n: string) => n,
      (n: string) => n.toLowerCase(),
      (n: string) => n.replace('-', ' '),
      (n: string) => n.replace('-', '－'),
      (n: string) => n.replace(/[0-9A-Z-]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)),
    );
    const words = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => ` ${text.replace(/[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]/g, '')} `);
    fc.assert(
      fc.property(number, writing, words, words, (written, write, before, after) => {
        expect(isOrderNumber(written)).toBe(true);
        expect(orderNumbersIn(`${before}${write(written)}${after}`)).toContain(written);
      }),
    );
  });
});
