import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPayerDetails, namePinyin, splitChineseName, toPinyin } from '../../src/domain/index.js';
import { PAYER } from './support.js';

describe('pinyin', () => {
  it('writes surname and given name without tones, first letter uppercase', () => {
    expect(namePinyin('张', '三丰')).toEqual({ last: 'Zhang', first: 'Sanfeng' });
    expect(namePinyin('欧阳', '娜娜')).toEqual({ last: 'Ouyang', first: 'Nana' });
  });
  it('uses surname readings and writes ü as yu', () => {
    expect(toPinyin('曾', { surname: true })).toBe('Zeng');
    expect(toPinyin('单', { surname: true })).toBe('Shan');
    expect(toPinyin('吕', { surname: true })).toBe('Lyu');
  });
  it('splits full names, compound surnames included', () => {
    expect(splitChineseName('张三丰')).toEqual({ last: '张', first: '三丰' });
    expect(splitChineseName('欧阳娜娜')).toEqual({ last: '欧阳', first: '娜娜' });
    expect(splitChineseName('欧阳')).toEqual({ last: '欧', first: '阳' });
  });
  it('for all Chinese names with Mandarin readings: only ASCII letters, no tone marks, first letter uppercase', () => {
    const hanzi = fc
      .integer({ min: 0x4e00, max: 0x9fa5 })
      .map((code) => String.fromCharCode(code))
      .filter((char) => /^[A-Z]/.test(toPinyin(char)));
    fc.assert(
      fc.property(
        fc.array(hanzi, { minLength: 1, maxLength: 4 }).map((chars) => chars.join('')),
        (name) => {
          const result = toPinyin(name);
          expect(result).toMatch(/^[A-Z][a-z]*$/);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('keeps a character with no Mandarin reading as typed, for the payer to correct', () => {
    expect(toPinyin('田匁')).toBe('Tian匁');
  });
  it('keeps pinyin the payer typed, fills what is empty, copies the patient for 本人 only', () => {
    expect(fillPayerDetails({ ...PAYER, student_last_name_pinyin: 'Cheung' }).student_last_name_pinyin).toBe('Cheung');
    const other = fillPayerDetails({ ...PAYER, payer_relation: '父母', payer_last_name: '张', payer_first_name: '父', payer_idcode: 'X1' });
    expect(other).toMatchObject({ payer_first_name: '父', payer_idcode: 'X1', student_first_name_pinyin: 'Sanfeng' });
  });
});
