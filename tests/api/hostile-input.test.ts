import { describe, expect, it } from 'vitest';
import { safeError } from '../../src/api/http/safe-error.js';
import { signatureHeader } from '../../src/api/payments/signature.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { createDraft, orderInStatus } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** Text PostgreSQL cannot store (NUL, an unpaired surrogate) and a terminal escape. */
const HOSTILE = ['a\u0000b', '\ud800x', 'x\udfff', '\u001b[31mred'];
/** Characters that make a name read otherwise than it is: shown as "张三", stored as something else. */
const INVISIBLE = ['张\u202e三', '\u2066张三\u2069', '张\u200b三', '张\ufeff三', '张三\u0085', '张\u200d三', 'Zhang\u{e0041}', 'Li\u200f'];

describe.each(ENGINES)('text no field needs, on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');

  /** Sends the body and expects a 422 naming the field, with nothing written anywhere. */
  async function refused(url: string, body: Record<string, unknown>, field: string, token?: string) {
    const before = await rowCounts(t);
    const response = await t.post(url, body, token);
    expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
    expect(response.json().errors[field], response.body).toBeDefined();
    expect(await rowCounts(t)).toEqual(before);
  }

  it('is refused in every text field of the recipient account', async () => {
    const id = await createDraft(t, payer);
    for (const field of Object.keys(ACCOUNT)) {
      for (const text of HOSTILE) await refused('/api/v1/step/accept/update', { id, ...ACCOUNT, [field]: text }, field, payer.token);
    }
  });

  it('is refused in every text field of the payer and patient details', async () => {
    const id = await createDraft(t, payer);
    for (const field of Object.keys(PAYER)) {
      for (const text of HOSTILE) await refused('/api/v1/step/send/update', { id, ...PAYER, [field]: text }, field, payer.token);
    }
  });

  it('refuses invisible control characters in names: bidi overrides and isolates, zero-width, BOM, C1, tags', async () => {
    const id = await createDraft(t, payer);
    const names = ['student_last_name', 'student_first_name', 'payer_last_name', 'payer_first_name', 'student_last_name_pinyin'] as const;
    for (const field of names) {
      for (const text of INVISIBLE) {
        await refused(
          '/api/v1/step/send/update',
          {
            id,
            ...PAYER,
            payer_relation: '父母',
            payer_last_name: '李',
            payer_first_name: '四',
            payer_idcode: PAYER.student_idcode,
            [field]: text,
          },
          field,
          payer.token,
        );
      }
    }
    for (const text of INVISIBLE)
      await refused('/api/v1/step/accept/update', { id, ...ACCOUNT, accept_account_name: text }, 'accept_account_name', payer.token);
  });

  it('is refused as the source of a new order and in the reset form', async () => {
    for (const text of HOSTILE) {
      await refused('/api/v1/step/amount/create', { resource: 1004, amount: '5000', from: text }, 'from', payer.token);
      await refused(
        '/api/v1/auth/password-reset',
        { id: text, token: 'x'.repeat(43), password: 'secret-123', password_confirmation: 'secret-123' },
        'id',
      );
    }
  });

  it('is refused in a signed webhook', async () => {
    const id = await orderInStatus(t, payer, 2);
    for (const [field, text] of HOSTILE.flatMap((text) => ['id', 'payment_id', 'order_id'].map((field) => [field, text] as const))) {
      const body = {
        id: `wh-${Math.random()}`,
        type: 'payment.succeeded',
        order_id: id,
        payment_id: 'p-1',
        amount_cny: '10.00',
        [field]: text,
      };
      const raw = JSON.stringify(body);
      const before = await rowCounts(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/payments',
        headers: { 'content-type': 'application/json', 'x-signature': signatureHeader(t.deps.webhookSecret, raw, t.clock.now()) },
        payload: raw,
      });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(await rowCounts(t)).toEqual(before);
    }
  });

  it('answers an empty or non-object JSON body in Chinese', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/findResource',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请求内容不能为空');
    const array = await t.post('/api/v1/public/findResource', [] as unknown);
    expect(array.statusCode).toBe(422);
    expect(array.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names one institution however its id is written', async () => {
    const first = (await t.post('/api/v1/step/amount/create', { resource: '01004', amount: '5000' }, payer.token)).json().data.id;
    const row = await t.deps.db.selectFrom('orders').select('resource').where('id', '=', first).executeTakeFirstOrThrow();
    expect(String(row.resource)).toBe('1004');
    const again = await t.post('/api/v1/step/amount/create', { id: first, resource: 1004, amount: '6000' }, payer.token);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('what a failure may log', () => {
  it('keeps kind, message, code and stack of an error, never the statement parameters it carries', () => {
    const error = Object.assign(new Error('numeric field overflow'), {
      code: '22003',
      parameters: ['110101199003071234'],
      query: 'insert …',
    });
    const logged = safeError(new Error('request failed', { cause: error }));
    expect(JSON.stringify(logged)).not.toContain('110101199003071234');
    expect(logged).toMatchObject({ type: 'Error', message: 'request failed', cause: { message: 'numeric field overflow', code: '22003' } });
  });
});
