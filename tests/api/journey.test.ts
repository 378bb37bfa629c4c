import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestApp } from './support/test-app.js';
import { expectRefusal } from './support/refusals.js';

/** Counts what a refused call must leave unchanged. */
const writes = (t: TestApp) => rowCounts(t, ['es_events', 'orders']);

describe.each(ENGINES)('the payer journey on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, stranger] = t.users('payer', 'payer');

  const create = async (body: Record<string, unknown> = { resource: 1001, amount: 5000, from: 'home' }, token = payer.token) => {
    const response = await t.post('/api/v1/step/amount/create', body, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as string;
  };
  const find = async (id: string, token = payer.token) => (await t.post('/api/v1/step/order/find', { id }, token)).json().data;

  describe('public calls', () => {
    it('lists the institutions with id, name and English name', async () => {
      const response = await t.post('/api/v1/public/resources', { options: true });
      expect(response.statusCode).toBe(200);
      const list = response.json().data as { id: number; name: string; name_en: string; currency: string }[];
      expect(list.map((r) => r.currency).sort()).toEqual(expect.arrayContaining(['AUD', 'EUR', 'JPY', 'USD']));
      expect(list.find((r) => r.id === 996)).toMatchObject({ name: '柏林夏里特医院', name_en: 'Charité – Universitätsmedizin Berlin' });
    });
    it('gives the notice, an institution, and the rate including the markup', async () => {
      expect((await t.post('/api/v1/public/findNotice')).json().data).toContain('9:00-16:00');
      expect((await t.post('/api/v1/public/findResource', { id: 996 })).json().data).toMatchObject({
        id: 996,
        currency: 'EUR',
        preset_account: true,
      });
      expect((await t.post('/api/v1/public/findResource', { id: 1001 })).json().data.account_no).toBeUndefined();
      expect((await t.post('/api/v1/public/findRate', { currency: 'EUR' })).json().data).toBe('8.31735');
      expect((await t.post('/api/v1/public/findRate', { currency: 'AUD' })).json().data).toBe('4.68842'); // 4.642 and the seeded 1 % markup, as every currency's
    });
    it('names the WeChat app ids the server is configured with, never their secrets', async () => {
      expect((await t.post('/api/v1/public/wechatConfig')).json()).toEqual({ data: { mp_app_id: null, open_app_id: null } });
      const wechat = {
        ...t.deps.config.wechat,
        insideApp: { appId: 'wx-mp', secret: 'mp-secret' },
        outsideApp: { appId: 'wx-open', secret: 'open-secret' },
      };
      const configured = await buildApp({ ...t.deps, config: { ...t.deps.config, wechat } });
      try {
        const response = await configured.inject({ method: 'POST', url: '/api/v1/public/wechatConfig', payload: {} });
        expect(response.json()).toEqual({ data: { mp_app_id: 'wx-mp', open_app_id: 'wx-open' } });
        expect(response.body).not.toContain('secret');
      } finally {
        await configured.close();
      }
    });
    it('answers 404 for an unknown institution and 422 for an unknown currency', async () => {
      expect((await t.post('/api/v1/public/findResource', { id: 5 })).statusCode).toBe(404);
      const rate = await t.post('/api/v1/public/findRate', { currency: 'XYZ' });
      expectRefusal(rate, 422, 'unsupported_currency', '不支持的币种', 'currency');
    });
  });

  describe('steps 1 to 5', () => {
    it('walks the whole journey and the order page shows every field', async () => {
      const id = await create({ resource: 1001, amount: 5000, from: 'home' });
      expect(await find(id)).toMatchObject({
        id,
        status: 0,
        amount: '5000.00',
        currency: 'USD',
        resource: '1001',
        resource_name: '梅奥诊所',
      });
      const accept = await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT, transit_code: '021000021' }, payer.token);
      expect(accept.json()).toEqual({ data: { id } });
      await t.post('/api/v1/step/send/update', { id, ...PAYER }, payer.token);
      const check = await t.post('/api/v1/step/check/update', { id }, payer.token);
      expect(check.statusCode, check.body).toBe(200);
      const pay = await t.post('/api/v1/step/pay/update', { id, bank: '3' }, payer.token);
      expect(pay.statusCode, pay.body).toBe(200);
      const order = await find(id);
      expect(order).toMatchObject({
        status: 2,
        bank: 3,
        reserved_amount_rate: '7.18918',
        cny_amount: '35945.90',
        deadline_date: '2026-11-24T10:00:00.000Z',
        accept_account_no: ACCOUNT.accept_account_no,
        transit_code: '021000021',
        student_last_name_pinyin: 'Zhang',
        student_first_name_pinyin: 'Sanfeng',
        payer_last_name: '张',
        payer_code: '+86',
        user: { email: payer.email },
        jsfile: [],
      });
      expect(order.order_no).toMatch(/^\d{8}-\d{6}$/);
      expect(order.resource_name_en).toBe('Mayo Clinic');
      const list = (await t.post('/api/v1/step/order/findOrders', {}, payer.token)).json().data as {
        id: string;
        order_no: string;
        resource_name_en: string;
      }[];
      expect(list.find((o) => o.id === id)).toMatchObject({ order_no: order.order_no, resource_name_en: 'Mayo Clinic' });
      const next = await create({ resource: 1001, amount: 5000 });
      const [, first] = order.order_no.split('-');
      expect(Number((await find(next)).order_no.split('-')[1])).toBeGreaterThan(Number(first));
    });

    it('quotes on step 4 what confirming locks, and refuses to lock a rate other than the one shown', async () => {
      const id = await create({ resource: 1001, amount: 5000 });
      await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, payer.token);
      await t.post('/api/v1/step/send/update', { id, ...PAYER }, payer.token);
      const quote = (await t.post('/api/v1/step/check/quote', { id }, payer.token)).json().data;
      expect(quote).toEqual({ rate: '7.1180', markup: '0.01', reserved_amount_rate: '7.18918', cny_amount: '35945.90', payment_hours: 72 });
      const before = await writes(t);
      const moved = await t.post('/api/v1/step/check/update', { id, reserved_amount_rate: '7.1' }, payer.token);
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toMatchObject({ code: 'order_refused.quote_changed', message: '汇率刚刚更新，请核对新的人民币金额后再确认' });
      for (const reserved_amount_rate of ['7,1', '0', '0.000']) {
        expect(
          (await t.post('/api/v1/step/check/update', { id, reserved_amount_rate }, payer.token)).statusCode,
          reserved_amount_rate,
        ).toBe(422);
      }
      // A rate with every decimal rate × (1 + markup) keeps is a rate; this one is not the quote's.
      expect((await t.post('/api/v1/step/check/update', { id, reserved_amount_rate: '0.047894616759491' }, payer.token)).statusCode).toBe(
        409,
      );
      // The amount shown is checked too (changed in another tab, say).
      expect(
        (
          await t.post(
            '/api/v1/step/check/update',
            { id, reserved_amount_rate: quote.reserved_amount_rate, cny_amount: '35000.00' },
            payer.token,
          )
        ).statusCode,
      ).toBe(409);
      expect(await writes(t)).toEqual(before);
      const confirmed = await t.post(
        '/api/v1/step/check/update',
        { id, reserved_amount_rate: quote.reserved_amount_rate, cny_amount: quote.cny_amount },
        payer.token,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await find(id)).toMatchObject({ status: 1, reserved_amount_rate: '7.18918', cny_amount: '35945.90' });
    });

    it('records the BSB of a preset Australian account whatever was typed', async () => {
      const id = await create({ resource: 1002, amount: 3000 });
      await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT, transit_code: '999999' }, payer.token);
      expect(await find(id)).toMatchObject({ accept_account_no: '12345678', transit_code: '062000', accept_swift: 'CTBAAU2S' });
      const resource = (await t.post('/api/v1/public/findResource', { id: 1002 })).json().data;
      expect(resource).toMatchObject({ preset_account: true, account_no: '12345678', transit_code: '062000', bank_branches: '' });
    });

    it('records the preset account of a preset institution whatever was typed', async () => {
      const id = await create({ resource: 996, amount: 3000 });
      await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT, accept_account_no: 'TYPED', accept_swift: 'TYPEDXXX' }, payer.token);
      expect(await find(id)).toMatchObject({ accept_account_no: 'DE89370400440532013000', accept_swift: 'DEUTDEBBXXX' });
    });

    it("keeps step 2's reference and step 3's remittance reference apart", async () => {
      const id = await create();
      await t.post(
        '/api/v1/step/accept/update',
        { id, ...ACCOUNT, accept_reference: 'INV-7', accept_remittance: 'from step 2' },
        payer.token,
      );
      // A client of SPEC.md's send/update (no accept_remittance) leaves step 2's remittance as it was.
      await t.post('/api/v1/step/send/update', { id, ...PAYER, accept_reference: 'INV-7' }, payer.token);
      expect(await find(id)).toMatchObject({ accept_reference: 'INV-7', accept_remittance: 'from step 2' });
      await t.post(
        '/api/v1/step/send/update',
        { id, ...PAYER, accept_reference: 'INV-7', accept_remittance: 'Tuition, term 2' },
        payer.token,
      );
      expect(await find(id)).toMatchObject({ accept_reference: 'INV-7', accept_remittance: 'Tuition, term 2' });
      await t.post('/api/v1/step/send/update', { id, ...PAYER, accept_reference: 'INV-7', accept_remittance: '' }, payer.token);
      expect(await find(id)).toMatchObject({ accept_reference: 'INV-7', accept_remittance: '' });
    });

    it('changes the amount of its own draft through amount/create with the id', async () => {
      const id = await create();
      const changed = await t.post('/api/v1/step/amount/create', { id, resource: 1001, amount: '7000.5' }, payer.token);
      expect(changed.json()).toEqual({ data: { id } });
      expect((await find(id)).amount).toBe('7000.50');
    });

    it('cancels a draft', async () => {
      const id = await create();
      expect((await t.post('/api/v1/step/order/cancel', { id }, payer.token)).statusCode).toBe(200);
      expect((await find(id)).status).toBe(8);
    });
  });

  describe('bad inputs get a clear 4xx and change nothing', () => {
    it("refuses 2999 with '金额必须高于 USD 3000'", async () => {
      const before = await writes(t);
      const response = await t.post('/api/v1/step/amount/create', { resource: 1001, amount: 2999 }, payer.token);
      expectRefusal(response, 422, 'order_refused.amount_below_minimum', '金额必须高于 USD 3000', 'amount');
      expect(await writes(t)).toEqual(before);
    });
    it('refuses cents on a JPY amount and an unknown institution', async () => {
      const before = await writes(t);
      expect((await t.post('/api/v1/step/amount/create', { resource: 1003, amount: '3000.5' }, payer.token)).statusCode).toBe(422);
      const unknown = await t.post('/api/v1/step/amount/create', { resource: 77, amount: 5000 }, payer.token);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().message).toBe('请先选择汇款对象');
      expect(await writes(t)).toEqual(before);
    });
    it("answers '缺少订单ID' when the id is missing", async () => {
      const before = await writes(t);
      for (const path of ['accept/update', 'send/update', 'check/update', 'pay/update', 'order/find']) {
        const response = await t.post(`/api/v1/step/${path}`, { bank: 3 }, payer.token);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.id).toEqual(['缺少订单ID']);
      }
      expect(await writes(t)).toEqual(before);
    });
    it("shows an admin another user's order with its owner's email, and the owner theirs", async () => {
      const id = await create();
      const admin = await t.createUser({ group: 1 });
      expect((await find(id, admin.token)).user).toEqual({ id: payer.id, email: payer.email });
      expect((await find(id)).user).toEqual({ id: payer.id, email: payer.email });
    });
    it("answers 404 for another user's order, on reads and on every step", async () => {
      const id = await create();
      const before = await writes(t);
      expect((await t.post('/api/v1/step/order/find', { id }, stranger.token)).statusCode).toBe(404);
      for (const [path, body] of [
        ['accept/update', { id, ...ACCOUNT }],
        ['send/update', { id, ...PAYER }],
        ['check/update', { id }],
        ['pay/update', { id, bank: 3 }],
        ['order/cancel', { id }],
        ['amount/create', { id, resource: 1001, amount: 9000 }],
      ] as const) {
        const response = await t.post(`/api/v1/step/${path}`, body, stranger.token);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().message).toBe('订单不存在');
      }
      expect(await writes(t)).toEqual(before);
      const list = (await t.post('/api/v1/step/order/findOrders', {}, stranger.token)).json().data as { id: string }[];
      expect(list.map((o) => o.id)).not.toContain(id);
    });
    it('refuses a step out of order with 409 and writes nothing', async () => {
      const id = await create();
      const before = await writes(t);
      const pay = await t.post('/api/v1/step/pay/update', { id, bank: 3 }, payer.token);
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe('当前订单状态不允许此操作');
      const check = await t.post('/api/v1/step/check/update', { id }, payer.token);
      expect(check.statusCode).toBe(422);
      expect(check.json().message).toBe('请先完整填写收款账户和付款人信息');
      expect(await writes(t)).toEqual(before);
    });
    it('refuses to change the amount once confirmed, or the institution of a draft', async () => {
      const id = await create();
      expect((await t.post('/api/v1/step/amount/create', { id, resource: 996, amount: 5000 }, payer.token)).statusCode).toBe(422);
      await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, payer.token);
      await t.post('/api/v1/step/send/update', { id, ...PAYER }, payer.token);
      await t.post('/api/v1/step/check/update', { id }, payer.token);
      const before = await writes(t);
      expect((await t.post('/api/v1/step/amount/create', { id, resource: 1001, amount: 9000 }, payer.token)).statusCode).toBe(409);
      expect(await writes(t)).toEqual(before);
    });
    it('answers 401 without a token, with the login message', async () => {
      const response = await t.post('/api/v1/step/order/findOrders', {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'unauthorized', message: '未登录，请您先登录', errors: {} });
    });
    it('answers 422 for a body that is not JSON and 404 for an unknown route', async () => {
      const garbage = await t.app.inject({
        method: 'POST',
        url: '/api/v1/step/order/find',
        headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' },
        payload: '{"id":',
      });
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json().status).toBe(400);
      expect((await t.post('/api/v1/nothing', {}, payer.token)).statusCode).toBe(404);
    });
  });

  it('reports the database, the event store and the projections in /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', eventStore: 'ok', projections: 'ok' });
  });
});
