import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '../../src/api/http/locale.js';
import { signatureHeader } from '../../src/api/payments/signature.js';
import { ACCOUNT } from '../domain/support.js';
import { createDraft, filePart, multipartBody, orderInStatus } from './support/fixtures.js';
import { startTestApp, type TestApp, type TestUser } from './support/test-app.js';
import { expectRefusal } from './support/refusals.js';

describe('the language of an answer, from Accept-Language', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['en', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['de-AT', 'de-DE'],
    ['DE', 'de-DE'],
    ['fr-FR', 'zh-CN'],
    ['*', 'zh-CN'],
    ['fr;q=1, de;q=0.5, en;q=0.8', 'en-US'],
    ['en;q=0, de', 'de-DE'],
    ['de;q=0.5, en;q=0.5', 'de-DE'],
    ['en;q=oops, de;q=0.1', 'de-DE'],
    [';;, ,q=1', 'zh-CN'],
  ] as const)('%j → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('answers in the request language', () => {
  let t: TestApp;
  let payer: TestUser;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    payer = await t.createUser();
  });
  afterAll(async () => t?.close());

  const post = (url: string, body: unknown, language?: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { ...(language ? { 'accept-language': language } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('keeps the code and changes only the texts', async () => {
    const bodies = await Promise.all(
      ['zh-CN', 'en-US,en;q=0.9', 'de'].map(async (language) => (await post('/api/v1/step/order/findOrders', {}, language)).json()),
    );
    expect(bodies).toEqual([
      { status: 401, code: 'unauthorized', message: '未登录，请您先登录', errors: {} },
      { status: 401, code: 'unauthorized', message: 'You are not logged in. Please log in first.', errors: {} },
      { status: 401, code: 'unauthorized', message: 'Sie sind nicht angemeldet. Bitte melden Sie sich zuerst an.', errors: {} },
    ]);
  });

  it('translates field errors with their parameters', async () => {
    const id = await createDraft(t, payer);
    const response = await post(
      '/api/v1/step/accept/update',
      { id, ...ACCOUNT, accept_account_no: '1'.repeat(65), accept_swift: 'DEUT' },
      'en',
      payer.token,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'At most 64 characters',
      errors: { accept_account_no: ['At most 64 characters'], accept_swift: ['SWIFT/BIC must be 8 or 11 letters or digits'] },
    });
  });

  it("translates zod's own issues too (a wrong type), with a text of ours", async () => {
    const chinese = await post('/api/v1/public/findResource', []);
    const german = await post('/api/v1/public/findResource', [], 'de-DE');
    expect(chinese.json()).toMatchObject({ code: 'validation_failed', message: '输入类型无效，应为 object' });
    expect(german.json()).toMatchObject({ code: 'validation_failed', message: 'Ungültiger Typ: erwartet wird object' });
  });

  it("translates the order's refusals, naming the currency", async () => {
    const response = await post('/api/v1/step/amount/create', { resource: 1004, amount: '2999' }, 'de-DE', payer.token);
    expectRefusal(response, 422, 'order_refused.amount_below_minimum', 'Der Betrag muss über 3.000 EUR liegen', 'amount');
  });

  it('translates a message built from another (a status text inside a payment refusal)', async () => {
    const id = await orderInStatus(t, payer, 1);
    await post('/api/v1/step/order/cancel', { id }, undefined, payer.token);
    const response = await post('/api/v1/step/order/makeGoallPayLink', { id }, 'en-US', payer.token);
    expect(response.json()).toMatchObject({ status: 409, code: 'order_not_payable', message: 'Order cancelled: the order cannot be paid' });
  });

  it('translates unknown paths, upload refusals and the success messages of the account calls', async () => {
    expect((await post('/api/v1/nothing', {}, 'en')).json()).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Not found: POST /api/v1/nothing',
      errors: {},
    });
    const id = await orderInStatus(t, payer, 2);
    const form = multipartBody([{ name: 'id', value: id }, filePart('notes.txt', Buffer.from('hello'), 'text/plain')]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/step/order/upload',
      headers: { authorization: `Bearer ${payer.token}`, 'accept-language': 'de', 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(upload.json()).toMatchObject({
      code: 'unsupported_file_type',
      errors: { file: ['Nur PDF-, JPG-, PNG- und ZIP-Dateien werden unterstützt'] },
    });
    const forgot = await post('/api/v1/auth/forgot-password', { email: 'nobody@example.com' }, 'en');
    expect(forgot.json()).toEqual({ data: { message: 'The password reset link has been sent!' } });
  });

  it('answers a signed webhook in the language it asks for', async () => {
    const raw = JSON.stringify({ id: 'wh-lang', type: 'payment.succeeded', order_id: 'no-such-order', payment_id: 'p', amount_cny: 'ten' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        'x-signature': signatureHeader(t.deps.webhookSecret, raw, t.clock.now()),
      },
      payload: raw,
    });
    expectRefusal(response, 422, 'invalid_webhook_payload', 'amount_cny must be a decimal string with at most 2 decimals');
  });
});
