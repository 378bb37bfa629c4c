import { pinyin } from 'pinyin-pro';
import { withSelfPayerCopied, type PayerDetails } from './order/order-data.js';

/** Two-character surnames, so 欧阳娜娜 splits into 欧阳 / 娜娜 rather than 欧 / 阳娜娜. */
const COMPOUND_SURNAMES = new Set([
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '轩辕',
  '令狐',
  '钟离',
  '闻人',
  '澹台',
  '公冶',
  '宗政',
  '濮阳',
  '太叔',
  '申屠',
  '赫连',
  '万俟',
  '端木',
]);

/**
 * Pinyin as written on passports and in bank transfers: no tone marks, syllables joined, first
 * letter uppercase, ü written "yu" (吕 → Lyu). Characters that are not Chinese are kept as typed.
 * Surnames use their surname reading (曾 → Zeng, 单 → Shan).
 */
export function toPinyin(chinese: string, options: { surname?: boolean } = {}): string {
  const text = chinese.trim();
  if (text === '') return '';
  const syllables = pinyin(text, {
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
    surname: options.surname ? 'all' : 'off',
  });
  const joined = syllables.join('').replace(/\s+/g, '').replace(/ü/g, 'yu');
  return joined.charAt(0).toUpperCase() + joined.slice(1).toLowerCase();
}

/** Surname and given name in pinyin: 张 + 三丰 → Zhang, Sanfeng. */
export const namePinyin = (lastName: string, firstName: string): { last: string; first: string } => ({
  last: toPinyin(lastName, { surname: true }),
  first: toPinyin(firstName),
});

/** Splits a full Chinese name into surname and given name (张三丰 → 张 / 三丰). */
export function splitChineseName(fullName: string): { last: string; first: string } {
  const name = fullName.trim();
  const chars = [...name];
  const surnameLength = chars.length > 2 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
  return { last: chars.slice(0, surnameLength).join(''), first: chars.slice(surnameLength).join('') };
}

/**
 * Completes step 3's details the way the form does: pinyin generated where none was given, and,
 * when the payer is the patient (本人), the payer's names and ID copied from the patient. The API
 * applies it to every savePayerDetails command; it is kept out of the decider so that deciding (and
 * the web's `can`) does not carry the pinyin tables.
 */
export function fillPayerDetails(details: PayerDetails): PayerDetails {
  const generated = namePinyin(details.student_last_name, details.student_first_name);
  return withSelfPayerCopied({
    ...details,
    student_last_name_pinyin: details.student_last_name_pinyin.trim() || generated.last,
    student_first_name_pinyin: details.student_first_name_pinyin.trim() || generated.first,
  });
}
