import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptUpdatePayload,
  amountCreatePayload,
  amountIn,
  fieldErrors,
  isStorableText,
  loginPayload,
  orderIdPayload,
  passwordResetPayload,
  payUpdatePayload,
  registerForm,
  sendUpdatePayload,
  storableText,
  updateFilePayload,
} from '../../src/domain/index.js';
import { ACCOUNT, PAYER } from './support.js';

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('validation schemas shared by the API and the web', () => {
  it("answers '缺少订单ID' for a missing, empty or malformed order id", () => {
    for (const body of [{}, { id: '' }, { id: null }, { id: '../etc' }, { id: {} }]) {
      expect(errorsOf(orderIdPayload.safeParse(body))).toEqual({ id: ['缺少订单ID'] });
    }
    expect(orderIdPayload.parse({ id: 42 })).toEqual({ id: '42' });
  });
  it("answers '金额必须高于 EUR 3000' under 3000 and takes 3000", () => {
    expect(errorsOf(amountIn('EUR').safeParse(2999))).toEqual({ _: ['金额必须高于 EUR 3000'] });
    expect(amountIn('EUR').parse(3000)).toBe('3000');
    expect(amountIn('JPY').safeParse('3000.5').success).toBe(false);
  });
  it('parses step 1 and drops unknown fields', () => {
    expect(amountCreatePayload.parse({ resource: 996, amount: 3000.5, from: 'cc01', evil: 1 })).toEqual({
      id: undefined,
      resource: '996',
      amount: '3000.5',
      from: 'cc01',
    });
    expect(errorsOf(amountCreatePayload.safeParse({ amount: 5000 }))).toEqual({ resource: ['请先选择汇款对象'] });
  });
  it('requires the recipient account essentials and a SWIFT of 8 or 11 characters', () => {
    expect(acceptUpdatePayload.parse({ id: 'o1', ...ACCOUNT }).accept_swift).toBe('DEUTDEFF');
    const errors = errorsOf(acceptUpdatePayload.safeParse({ id: 'o1', ...ACCOUNT, accept_account_name: ' ', accept_swift: 'DEUT' }));
    expect(Object.keys(errors).sort()).toEqual(['accept_account_name', 'accept_swift']);
  });
  it('requires payer names and ID unless the payer is the patient (本人)', () => {
    expect(sendUpdatePayload.safeParse({ id: 'o1', ...PAYER }).success).toBe(true);
    const errors = errorsOf(sendUpdatePayload.safeParse({ id: 'o1', ...PAYER, payer_relation: '父母' }));
    expect(Object.keys(errors).sort()).toEqual(['payer_first_name', 'payer_idcode', 'payer_last_name']);
    expect(sendUpdatePayload.parse({ id: 'o1', ...PAYER, payer_code: null }).payer_code).toBe('+86');
  });
  it('takes bank 1 or 3, as number or text', () => {
    expect(payUpdatePayload.parse({ id: 'o1', bank: '3' }).bank).toBe(3);
    expect(payUpdatePayload.safeParse({ id: 'o1', bank: 2 }).success).toBe(false);
  });
  it('bounds the file list', () => {
    expect(updateFilePayload.safeParse({ id: 'o1', fileList: [{ uid: 'a', name: 'a.pdf', status: 'done', url: '/x' }] }).success).toBe(
      true,
    );
    expect(updateFilePayload.safeParse({ id: 'o1', fileList: [{ name: 'no uid' }] }).success).toBe(false);
  });
  it('gives one message for an empty field', () => {
    expect(errorsOf(loginPayload.safeParse({ email: '', password: '' }))).toEqual({ email: ['请输入邮箱'], password: ['请输入密码'] });
  });
  it('checks account forms with the Chinese messages', () => {
    expect(errorsOf(loginPayload.safeParse({ email: '', password: '12345' }))).toEqual({
      email: ['请输入邮箱'],
      password: ['密码至少需要 6 个字符'],
    });
    expect(errorsOf(loginPayload.safeParse({ email: 'not-mail', password: '123456' }))).toEqual({ email: ['请输入有效的邮箱地址'] });
    expect(
      errorsOf(registerForm.safeParse({ email: 'a@b.cn', password: '123456', password_confirmation: '123456', agreement: false })),
    ).toEqual({
      password: ['密码至少需要 10 个字符'],
      agreement: ['请先阅读并同意协议！'],
    });
    expect(
      errorsOf(registerForm.safeParse({ email: 'a@b.cn', password: '1234567890', password_confirmation: '123456', agreement: true })),
    ).toEqual({});
    expect(passwordResetPayload.safeParse({ id: '1', token: 't', password: '1234567890', password_confirmation: '654321' }).success).toBe(
      true,
    );
    expect(
      errorsOf(passwordResetPayload.safeParse({ id: '1', token: 't', password: '123456789', password_confirmation: '123456789' })),
    ).toEqual({ password: ['密码至少需要 10 个字符'] });
  });
});

describe('text a field may hold', () => {
  const invisible = fc.constantFrom(
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u00ad',
    '\u0085',
    '\u009b',
    '\u{e0001}',
    '\u{e0041}',
    '\u0000',
    '\u001b',
    '\u007f',
    '\ud800',
    '\udfff',
  );
  const visible = fc.string({ unit: fc.constantFrom('张', '三', 'a', 'Z', 'é', '·', ' ', '-', "'", '😀', 'ß', 'ü') });

  it('refuses any text with a control, invisible format or lone surrogate character anywhere, and keeps the rest', () => {
    fc.assert(
      fc.property(visible, invisible, visible, (before, bad, after) => {
        expect(isStorableText(before + bad + after)).toBe(false);
        expect(isStorableText(before + after)).toBe(true);
        expect(storableText(before + bad + after)).toBe(before + after);
      }),
    );
  });

  it('refuses a name that reads otherwise than it is, with the invalid-character message', () => {
    const result = sendUpdatePayload.safeParse({ id: 'o1', ...PAYER, student_last_name: '张\u202e三' });
    expect(errorsOf(result)).toEqual({ student_last_name: ['包含无效字符'] });
  });
});
