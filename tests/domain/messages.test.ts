import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  encodeMessage,
  ERROR_CODES,
  errorStatus,
  issueMessage,
  issueText,
  LOCALES,
  message,
  MESSAGE_TEXTS,
  REFUSAL_REASONS,
  refusalCode,
  renderMessage,
  ZIP_REFUSAL_REASONS,
  zipRefusalCode,
  zodIssueMessage,
  type MessageKey,
} from '../../src/domain/index.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const KEYS = Object.keys(MESSAGE_TEXTS['zh-CN']) as MessageKey[];

describe('the catalogue of texts', () => {
  it('has every key in every language, not empty, with the same placeholders', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(MESSAGE_TEXTS[locale]).sort()).toEqual([...KEYS].sort());
      for (const key of KEYS) {
        expect(MESSAGE_TEXTS[locale][key].trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(MESSAGE_TEXTS[locale][key]), `${locale} ${key}`).toEqual(placeholders(MESSAGE_TEXTS['zh-CN'][key]));
      }
    }
  });

  it('keeps the texts of the specification in zh-CN', () => {
    expect(renderMessage(message('validation.orderIdMissing'))).toBe('缺少订单ID');
    expect(renderMessage(message('validation.amountBelowMinimum', { currency: 'EUR' }))).toBe('金额必须高于 EUR 3000');
    expect(renderMessage(message('validation.agreementRequired'))).toBe('请先阅读并同意协议！');
    expect(renderMessage(message('http.notLoggedIn'))).toBe('未登录，请您先登录');
    expect(renderMessage(message('validation.resourceMissing'))).toBe('请先选择汇款对象');
  });

  it('has a text for every refusal of the order', () => {
    for (const reason of REFUSAL_REASONS) expect(KEYS).toContain(`refusal.${reason}`);
  });
});

describe('messages as zod issues carry them', () => {
  it('encode a key and its parameters, and decode back to the same message', () => {
    const tooLong = message('validation.tooLong', { max: 50 });
    expect(encodeMessage(tooLong)).toBe('validation.tooLong{"max":50}');
    expect(decodeMessage(encodeMessage(tooLong))).toEqual(tooLong);
    expect(decodeMessage('validation.required')).toEqual({ key: 'validation.required' });
    const nested = message('zip.executable', { entry: message('zip.entry.named', { name: 'a{b}.exe' }) });
    expect(decodeMessage(encodeMessage(nested))).toEqual(nested);
  });

  it('decode nothing else: unknown keys, broken or hostile parameters', () => {
    for (const text of [
      '',
      'Invalid input',
      'validation.nope',
      'validation.tooLong{',
      'validation.tooLong{"max":[1]}',
      'validation.tooLong{"max":{"key":"x"}}',
      'constructor',
      '__proto__',
    ]) {
      expect(decodeMessage(text), text).toBeNull();
    }
  });

  it('render in each language, filling placeholders once (a value is never read as a placeholder)', () => {
    const nested = message('zip.executable', { entry: message('zip.entry.named', { name: '{entry}.exe' }) });
    expect(renderMessage(nested, 'en-US')).toBe('Cannot upload: the file "{entry}.exe" in the archive is an executable');
    expect(renderMessage(nested, 'de-DE')).toBe('Hochladen nicht möglich: die Datei „{entry}.exe“ im Archiv ist ausführbar');
    expect(issueText('validation.tooLong{"max":3}', 'de-DE')).toBe('Höchstens 3 Zeichen');
    expect(issueText('Invalid input: expected string', 'en-US')).toBe('Invalid input');
  });

  it("give zod's own issues message keys", () => {
    const issueOf = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value, { error: zodIssueMessage });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(issueOf(z.object({}), [])).toBe(issueMessage('validation.invalidType', { expected: 'object' }));
    expect(issueOf(z.string(), undefined)).toBe(issueMessage('validation.required'));
    expect(issueOf(z.string().max(3), 'abcd')).toBe(issueMessage('validation.tooLong', { max: 3 }));
    expect(issueOf(z.string().min(1), '')).toBe(issueMessage('validation.required'));
    expect(issueOf(z.array(z.string()).max(1), ['a', 'b'])).toBe(issueMessage('validation.tooManyItems', { max: 1 }));
    expect(issueOf(z.email(), 'x')).toBe(issueMessage('validation.invalidFormat'));
    expect(issueOf(z.strictObject({}), { a: 1 })).toBe(issueMessage('validation.unknownFields', { fields: 'a' }));
    expect(issueOf(z.literal(1), 2)).toBe(issueMessage('validation.invalidValue'));
  });
});

describe('the error codes', () => {
  it('are snake_case, or family.reason, and unique', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*(\.[a-z]+(_[a-z]+)*)?$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("name every refusal and every refused archive, a stranger's order exactly like a missing one", () => {
    for (const reason of REFUSAL_REASONS) expect(ERROR_CODES).toContain(refusalCode(reason));
    for (const reason of ZIP_REFUSAL_REASONS) expect(ERROR_CODES).toContain(zipRefusalCode(reason));
    expect(refusalCode('not_owner')).toBe(refusalCode('no_order'));
    expect(refusalCode('deadline_passed')).toBe('order_refused.deadline_passed');
  });

  it('each come with an HTTP status', () => {
    for (const code of ERROR_CODES) expect(errorStatus(code), code).toBeGreaterThanOrEqual(400);
    expect(errorStatus('order_not_found')).toBe(404);
    expect(errorStatus('order_refused.final_status')).toBe(409);
    expect(errorStatus('order_refused.amount_below_minimum')).toBe(422);
    expect(errorStatus('zip_refused.executable')).toBe(422);
  });
});
