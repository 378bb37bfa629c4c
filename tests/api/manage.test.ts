import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { decodeQrPng } from './support/decode-qr.js';
import { approveProposal, paidOrder, partnerBody, postPartnerOrder, writtenState } from './support/back-office.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';
import { MARKUPS } from '../domain/support.js';

const BANK_ACTOR = { id: 'bank', role: 'bank' } as const;

const M = '/api/v1/manage';
const INSTITUTION = {
  name: '海德堡大学医院',
  name_en: 'Heidelberg University Hospital',
  code: 'UKHD',
  currency: 'EUR',
  country: 'Germany',
  account_no: 'DE89 3704 0044 0532 0130 00',
  account_name: 'Universitätsklinikum Heidelberg',
  account_address: 'Im Neuenheimer Feld 672, Heidelberg',
  account_bank: 'Deutsche Bank',
  swift: 'DEUTDEFF',
};

describe.each(ENGINES)('the back office on %s', (engine) => {
  const t = appForSuite(engine);
  // secondAdmin: the second pair of eyes on what moves money.
  const [admin, secondAdmin, auditor, warehouse, payer] = t.users('admin', 'admin', 'auditor', 'warehouse', 'payer');

  describe('roles', () => {
    const reads: [string, Record<string, unknown>][] = [
      ['/statistic', {}],
      ['/users', {}],
      ['/orders', {}],
      ['/gic/orders', {}],
      ['/resources', {}],
      ['/config/findBit', {}],
      ['/config/findNotice', {}],
    ];

    it.each(reads)('%s: 401 logged out, 403 for a payer and warehouse staff, 200 for an auditor and an admin', async (path, body) => {
      expect((await t.post(M + path, body)).statusCode).toBe(401);
      for (const user of [payer, warehouse]) {
        const refused = await t.post(M + path, body, user.token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'forbidden' });
      }
      for (const user of [auditor, admin]) expect((await t.post(M + path, body, user.token)).statusCode).toBe(200);
    });

    it('an auditor changes nothing: every change answers 403 and writes nothing', async () => {
      const order = await paidOrder(t, payer);
      const changes: [string, Record<string, unknown>][] = [
        ['/setStatus', { id: order, status: 5 }],
        ['/gic/setStatus', { id: order, status: 5 }],
        ['/changeUploadDocument', { id: order }],
        ['/order/updateFile', { id: order, fileList: [] }],
        ['/updateResource', { record: INSTITUTION }],
        ['/updateUser', { id: payer.id, group: 1 }],
        ['/config/updateBit', { ...MARKUPS, bit_eur: '0.2' }],
        ['/config/updateNotice', { notice: 'changed' }],
      ];
      const before = await writtenState(t);
      for (const [path, body] of changes) {
        for (const user of [auditor, payer, warehouse]) {
          const answer = await t.post(M + path, body, user.token);
          expect(answer.statusCode, `${path} as group ${user.id}`).toBe(403);
        }
      }
      const gicUpdate = await t.post('/api/v1/gic/updateFile', { id: order, fileList: [] }, auditor.token);
      expect(gicUpdate.statusCode).toBe(403);
      expect(await writtenState(t)).toBe(before);
    });
  });

  describe('orders', () => {
    it('finds an order by pinyin, Chinese name, phone, id, order number and the owner email; partner orders are in their own table', async () => {
      const id = await orderInStatus(t, payer, 1);
      const row = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.order_no).toMatch(/^\d{8}-\d{6}$/);
      const sequence = row.order_no.split('-')[1]!;
      const keywords = [
        row.student_last_name_pinyin.toLowerCase(),
        row.student_last_name + row.student_first_name,
        row.payer_phone,
        id.slice(0, 8),
        payer.email.toUpperCase(),
        row.order_no,
        sequence,
      ];
      for (const keyword of keywords) {
        const page = dataOf<{ data: { id: string }[] }>(await t.post(`${M}/orders`, { keyword }, admin.token), `orders ${keyword}`);
        expect(
          page.data.map((order) => order.id),
          keyword,
        ).toContain(id);
      }
      const none = dataOf<{ data: unknown[] }>(await t.post(`${M}/orders`, { keyword: 'no-such-person-xyz' }, admin.token), 'none');
      expect(none.data).toEqual([]);
      const gic = dataOf<{ data: { id: string }[] }>(await t.post(`${M}/gic/orders`, { keyword: row.payer_phone }, admin.token), 'gic');
      expect(gic.data.map((order) => order.id)).not.toContain(id);
    });

    it('pages neither repeat nor skip an order when new orders arrive between pages', async () => {
      for (let i = 0; i < 23; i += 1) await orderInStatus(t, payer, 0);
      const seen: string[] = [];
      let url: string | null = `${M}/orders`;
      let inserted = 0;
      const expected = (await t.deps.db.selectFrom('orders').select('id').where('kind', '=', 'order').execute()).length;
      while (url) {
        const page: { data: { id: string }[]; next_page_url: string | null } = dataOf(await t.post(url, {}, admin.token), url);
        seen.push(...page.data.map((order) => order.id));
        url = page.next_page_url;
        if (url && inserted < 2) {
          // A later order is newer: the frozen test clock would give it the same instant.
          t.clock.advance(1000);
          await orderInStatus(t, payer, 0);
          inserted += 1;
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(expected);
    });

    it('an unreadable cursor is a 400, not a page', async () => {
      const answer = await t.post(`${M}/orders?cursor=not-ours`, {}, admin.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_cursor' });
    });

    it('moves a paid order 4 → 5 → 6 → 7 through the machine, refuses what the machine refuses, and writes nothing then', async () => {
      const id = await paidOrder(t, payer);
      let detail = dataOf<{ status: number; settable_statuses: number[] }>(await t.post(`${M}/order/find`, { id }, admin.token), 'find');
      expect(detail.status).toBe(4);
      expect(detail.settable_statuses).toContain(5);
      const before = await writtenState(t);
      const refused = await t.post(`${M}/setStatus`, { id, status: 7 }, admin.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'status_not_settable' });
      expect(refused.json().message).toContain('已转账');
      expect(refused.json().message).toContain('订单完成');
      expect(await writtenState(t)).toBe(before);
      for (const status of [5, 6, 7]) {
        const answer = await t.post(`${M}/setStatus`, { id, status }, admin.token);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toEqual({ data: { message: 'set success' } });
      }
      detail = dataOf(await t.post(`${M}/order/find`, { id }, admin.token), 'find');
      expect(detail.status).toBe(7);
      const history = dataOf<{ history: { type: string; actor: { id: string; role: string } }[] }>(
        await t.post(`${M}/order/find`, { id }, admin.token),
        'find',
      ).history;
      expect(history.filter((entry) => entry.type === 'OrderStatusSet').map((entry) => entry.actor)).toEqual(
        Array(3).fill({ id: String(admin.id), role: 'admin' }),
      );
      const invalid = await t.post(`${M}/setStatus`, { id, status: 99 }, admin.token);
      expect(invalid.statusCode).toBe(422);
      const wrongKind = await t.post(`${M}/gic/setStatus`, { id, status: 9 }, admin.token);
      expect(wrongKind.statusCode).toBe(404);
    });

    it('moves an order on money, not on a claim: a declared transfer cannot be confirmed until the money is in', async () => {
      const id = await orderInStatus(t, payer, 2);
      dataOf(await t.post('/api/v1/step/order/finishPay', { id }, payer.token), 'finishPay');
      const declared = dataOf<{ status: number; cny_amount: string; settable_statuses: number[] }>(
        await t.post(`${M}/order/find`, { id }, admin.token),
        'find',
      );
      expect(declared.status).toBe(4);
      expect(declared.settable_statuses).toEqual([9]);
      const before = await writtenState(t);
      for (const status of [5, 6]) {
        const refused = await t.post(`${M}/setStatus`, { id, status }, admin.token);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'order_refused.funds_missing' });
        expect(refused.json().message).toBe(`款项尚未足额到账：应收 ${declared.cny_amount} 元，已收 0.00 元`);
      }
      expect(await writtenState(t)).toBe(before);

      await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `bank-${id}`, amount_cny: declared.cny_amount }, BANK_ACTOR);
      const paid = dataOf<{ status: number; settable_statuses: number[] }>(await t.post(`${M}/order/find`, { id }, admin.token), 'find');
      expect(paid).toMatchObject({ status: 4, settable_statuses: [5, 6, 9] });
      expect((await t.post(`${M}/setStatus`, { id, status: 5 }, admin.token)).statusCode).toBe(200);
    });

    it('toggles the upload link with a fresh token each time; a visitor uploads through it; the admin lists the file', async () => {
      const id = await orderInStatus(t, payer, 2);
      const on = dataOf<{ active_upload_document: boolean; upload_document_url: string; upload_document_token: string }>(
        await t.post(`${M}/changeUploadDocument`, { id }, admin.token),
        'on',
      );
      expect(on.active_upload_document).toBe(true);
      expect(on.upload_document_url).toBe(`/upload_documents/${on.upload_document_token}`);
      const found = await t.post('/api/v1/public/upload/find', { token: on.upload_document_token });
      expect(found.statusCode).toBe(200);
      const off = dataOf<{ active_upload_document: boolean; upload_document_url: null }>(
        await t.post(`${M}/changeUploadDocument`, { id }, admin.token),
        'off',
      );
      expect(off).toMatchObject({ active_upload_document: false, upload_document_url: null });
      expect((await t.post('/api/v1/public/upload/find', { token: on.upload_document_token })).statusCode).toBe(404);
      const again = dataOf<{ upload_document_token: string }>(await t.post(`${M}/changeUploadDocument`, { id }, admin.token), 'again');
      expect(again.upload_document_token).not.toBe(on.upload_document_token);
      const files = dataOf<{ jsfile: unknown[] }>(await t.post(`${M}/order/findFiles`, { id }, auditor.token), 'files');
      expect(files.jsfile).toEqual([]);
    });
  });

  describe('partner orders', () => {
    it('a signed submission creates one partner order in status 4; the same again is the same order; other details under the id are refused', async () => {
      const first = await postPartnerOrder(t, partnerBody('GIC-1001'));
      expect(first.statusCode, first.body).toBe(200);
      const { id, status } = first.json().data;
      expect(status).toBe(4);
      const again = await postPartnerOrder(t, partnerBody('GIC-1001'));
      expect(again.json().data.id).toBe(id);
      const conflict = await postPartnerOrder(t, partnerBody('GIC-1001', { amount: '6000' }));
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ code: 'partner_order_conflict' });
      const rows = await t.deps.db.selectFrom('orders').select('id').where('gic_order_id', '=', 'GIC-1001').execute();
      expect(rows).toHaveLength(1);
      const listed = dataOf<{ data: { id: string; partner: { gic_order_id: string } }[] }>(
        await t.post(`${M}/gic/orders`, { keyword: 'gic-1001' }, admin.token),
        'gic list',
      );
      expect(listed.data.map((row) => row.partner.gic_order_id)).toEqual(['GIC-1001']);
    });

    it("carries the partner's fields on the order itself, as the specification's clients read them; masked for auditors; none on an ordinary order", async () => {
      const { id } = (await postPartnerOrder(t, partnerBody('GIC-TOP'))).json().data;
      const EXTRAS = ['gic_order_id', 'from', 'target', 'gic_rate', 'cny_fee', 'gic_profit', 'student_name', 'payer_name'];
      const [row] = dataOf<{ data: Record<string, unknown>[] }>(
        await t.post(`${M}/gic/orders`, { keyword: 'GIC-TOP' }, admin.token),
        'list',
      ).data;
      const detail = dataOf<Record<string, unknown>>(await t.post(`${M}/order/find`, { id }, admin.token), 'find');
      for (const answer of [row!, detail]) {
        const partner = answer['partner'] as Record<string, unknown>;
        expect(Object.keys(partner).sort()).toEqual([...EXTRAS].sort());
        for (const field of EXTRAS) expect(answer[field], field).toEqual(partner[field]);
        expect(answer['gic_order_id']).toBe('GIC-TOP');
      }
      const seenByAuditor = dataOf<Record<string, unknown>>(await t.post(`${M}/order/find`, { id }, auditor.token), 'find');
      expect(seenByAuditor['student_name']).toBe((seenByAuditor['partner'] as Record<string, unknown>)['student_name']);
      expect(seenByAuditor['student_name']).not.toBe(detail['student_name']);

      const ordinary = await orderInStatus(t, payer, 0);
      const plain = dataOf<Record<string, unknown>>(await t.post(`${M}/order/find`, { id: ordinary }, admin.token), 'find');
      for (const field of ['gic_order_id', 'target', 'gic_rate']) expect(plain, field).not.toHaveProperty(field);
    });

    it('concurrent copies of one submission make exactly one order', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => postPartnerOrder(t, partnerBody('GIC-RACE'))));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    });

    it('a forged or replayed signature is refused and writes nothing', async () => {
      const before = await writtenState(t);
      const forged = await postPartnerOrder(t, partnerBody('GIC-FORGED'), { secret: 'x'.repeat(40) });
      expect(forged.statusCode).toBe(401);
      const old = await postPartnerOrder(t, partnerBody('GIC-OLD'), { at: new Date(t.clock.now().getTime() - 10 * 60_000) });
      expect(old.statusCode).toBe(401);
      const invalid = await postPartnerOrder(t, partnerBody('GIC-BAD', { gic_rate: 'seven' }));
      expect(invalid.statusCode).toBe(422);
      expect(await writtenState(t)).toBe(before);
    });

    it('the partner rule: an admin may set 5, 7, 9, 10 — never 6', async () => {
      const { id } = (await postPartnerOrder(t, partnerBody('GIC-RULE'))).json().data;
      const detail = dataOf<{ settable_statuses: number[] }>(await t.post(`${M}/order/find`, { id }, admin.token), 'find');
      expect(detail.settable_statuses).not.toContain(6);
      expect((await t.post(`${M}/gic/setStatus`, { id, status: 6 }, admin.token)).statusCode).toBe(409);
      expect((await t.post(`${M}/gic/setStatus`, { id, status: 5 }, admin.token)).statusCode).toBe(200);
      expect((await t.post(`${M}/setStatus`, { id, status: 7 }, admin.token)).statusCode).toBe(404);
    });
  });

  describe('reference data', () => {
    it('adds and edits an institution, refuses a bad IBAN and SWIFT per field, and serves a QR of its step-1 link', async () => {
      const bad = await t.post(
        `${M}/updateResource`,
        { record: { ...INSTITUTION, account_no: 'DE89 3704 0044 0532 0130 01', swift: 'DEUT' } },
        admin.token,
      );
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['record.account_no', 'record.swift']);
      // An institution with an account is a proposal until a second admin approves it.
      const addedId = await approveProposal(t, secondAdmin, await t.post(`${M}/updateResource`, { record: INSTITUTION }, admin.token));
      const added = dataOf<{ id: number; name: string }>(await t.post('/api/v1/public/findResource', { id: addedId }), 'added');
      expect(added.name).toBe(INSTITUTION.name);
      const edited = dataOf<{ id: number; country: string }>(
        await t.post(`${M}/updateResource`, { record: { ...INSTITUTION, id: added.id, country: 'Deutschland' } }, admin.token),
        'edit',
      );
      expect(edited).toMatchObject({ id: added.id, country: 'Deutschland' });
      // A preset account fixes the transit code too: an Australian one carries its BSB.
      const aud = { ...INSTITUTION, id: added.id, currency: 'AUD', account_no: '12345678', transit_code: '062000', preset_account: true };
      await approveProposal(t, secondAdmin, await t.post(`${M}/updateResource`, { record: aud }, admin.token));
      expect((await t.post('/api/v1/public/findResource', { id: added.id })).json().data).toMatchObject({
        account_no: '12345678',
        transit_code: '062000',
      });
      await approveProposal(
        t,
        secondAdmin,
        await t.post(`${M}/updateResource`, { record: { ...INSTITUTION, id: added.id, country: 'Deutschland' } }, admin.token),
      );
      const events = await t.deps.eventStore.readStream(`institution-${added.id}`, {});
      expect(events.map((event) => event.type)).toEqual([
        'InstitutionRegistered',
        'InstitutionChanged',
        'InstitutionChanged',
        'InstitutionChanged',
      ]);
      const listed = dataOf<{ data: { id: number }[] }>(await t.post(`${M}/resources`, { keyword: 'heidel' }, auditor.token), 'list');
      expect(listed.data.map((row) => row.id)).toEqual([added.id]);
      const png = await t.app.inject({
        method: 'GET',
        url: `${M}/resources/${added.id}/qr.png`,
        headers: { authorization: `Bearer ${auditor.token}` },
      });
      expect(png.headers['content-type']).toBe('image/png');
      expect(decodeQrPng(png.rawPayload)).toBe(`http://localhost:3000/step/amount/?resource=${added.id}`);
      const svg = await t.app.inject({
        method: 'GET',
        url: `${M}/resources/${added.id}/qr.svg`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `${M}/resources/${added.id}/qr.png`,
            headers: { authorization: `Bearer ${payer.token}` },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `${M}/resources/999999/qr.png`, headers: { authorization: `Bearer ${admin.token}` } }))
          .statusCode,
      ).toBe(404);
    });

    it('a new markup prices orders confirmed after it; a confirmed order keeps its CNY amount', async () => {
      const confirmed = await orderInStatus(t, payer, 1);
      const lockedBefore = (await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', confirmed).executeTakeFirstOrThrow())
        .cny_amount;
      const proposed = await t.post(`${M}/config/updateBit`, { ...MARKUPS, bit_eur: '0.2' }, admin.token);
      expect(proposed.json()).toEqual({ data: { approval_id: expect.any(String), message: '已提交审批' } });
      await approveProposal(t, secondAdmin, proposed);
      expect(dataOf<Record<string, string>>(await t.post(`${M}/config/findBit`, {}, auditor.token), 'findBit').bit_eur).toBe('0.2');
      const after = await orderInStatus(t, payer, 1);
      const rows = await t.deps.db
        .selectFrom('orders')
        .select(['id', 'cny_amount', 'markup'])
        .where('id', 'in', [confirmed, after])
        .execute();
      const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
      expect(byId[confirmed]!.cny_amount).toBe(lockedBefore);
      expect(Number(byId[after]!.markup)).toBe(0.2);
      expect(Number(byId[after]!.cny_amount)).toBeGreaterThan(Number(lockedBefore));
      const stream = await t.deps.eventStore.readStream('settings-markups', {});
      expect(stream.at(-1)?.metadata).toMatchObject({ actor: { id: String(secondAdmin.id), role: 'admin' } });
      expect(stream.at(-1)?.data).toMatchObject({ approval: { proposed_by: String(admin.id) } });
    });

    it("prices AUD orders with AUD's own markup; a client that sends SPEC's nine markups leaves it as it is", async () => {
      const findBit = async () => dataOf<Record<string, string>>(await t.post(`${M}/config/findBit`, {}, auditor.token), 'findBit');
      const current = await findBit();
      await approveProposal(t, secondAdmin, await t.post(`${M}/config/updateBit`, { ...current, bit_aud: '0.03' }, admin.token));
      expect((await findBit()).bit_aud).toBe('0.03');

      const { bit_aud: _aud, ...specNine } = await findBit();
      await approveProposal(t, secondAdmin, await t.post(`${M}/config/updateBit`, { ...specNine, bit_usd: '0.04' }, admin.token));
      expect(await findBit()).toMatchObject({ bit_usd: '0.04', bit_aud: '0.03' });

      const sydney = dataOf<{ id: string }>(
        await t.post('/api/v1/step/amount/create', { resource: 1002, amount: '5000', from: 'test' }, payer.token),
        'create',
      ).id;
      const quote = dataOf<{ markup: string; rate: string; reserved_amount_rate: string }>(
        await t.post('/api/v1/step/check/quote', { id: sydney }, payer.token),
        'quote',
      );
      expect(Number(quote.markup)).toBe(0.03);
      expect(Number(quote.reserved_amount_rate)).toBeCloseTo(Number(quote.rate) * 1.03, 6);
    });

    it('refuses a markup of 1 or more, or a negative one, per field, and writes nothing', async () => {
      const before = await writtenState(t);
      for (const value of ['1', '1.5', '-0.1', 'abc', '0.1234567']) {
        const answer = await t.post(`${M}/config/updateBit`, { ...MARKUPS, bit_usd: value }, admin.token);
        expect(answer.statusCode, value).toBe(422);
        expect(Object.keys(answer.json().errors)).toEqual(['bit_usd']);
      }
      expect(await writtenState(t)).toBe(before);
    });

    it('the notice is required, bounded, and saved as an event', async () => {
      expect((await t.post(`${M}/config/updateNotice`, { notice: '  ' }, admin.token)).statusCode).toBe(422);
      expect((await t.post(`${M}/config/updateNotice`, { notice: 'x'.repeat(2001) }, admin.token)).statusCode).toBe(422);
      const saved = await t.post(`${M}/config/updateNotice`, { notice: '春节期间银行休息' }, admin.token);
      expect(saved.statusCode).toBe(200);
      expect(dataOf<{ notice: string }>(await t.post(`${M}/config/findNotice`, {}, auditor.token), 'notice').notice).toBe(
        '春节期间银行休息',
      );
      expect(dataOf<string>(await t.post('/api/v1/public/findNotice', {}), 'public notice')).toBe('春节期间银行休息');
    });

    it('the notice may carry an English and a German text; a reader of a language without one reads the Chinese', async () => {
      const publicNotice = async (language: string) =>
        dataOf<string>(
          await t.app.inject({ method: 'POST', url: '/api/v1/public/findNotice', headers: { 'accept-language': language }, payload: {} }),
          language,
        );
      const texts = { notice: '银行春节休息', notice_en: 'Banks close for the Spring Festival', notice_de: '' };
      expect((await t.post(`${M}/config/updateNotice`, texts, admin.token)).statusCode).toBe(200);
      expect(dataOf(await t.post(`${M}/config/findNotice`, {}, auditor.token), 'notice')).toEqual(texts);
      expect(await publicNotice('en-GB,en;q=0.9')).toBe('Banks close for the Spring Festival');
      expect(await publicNotice('de-DE')).toBe('银行春节休息');
      expect(await publicNotice('zh-CN')).toBe('银行春节休息');
      const events = await t.deps.eventStore.readStream('settings-notice', {});
      expect(events.at(-1)?.data).toEqual({
        notice: '银行春节休息',
        translations: { 'en-US': 'Banks close for the Spring Festival', 'de-DE': '' },
      });
      // The same three texts again change nothing.
      await t.post(`${M}/config/updateNotice`, texts, admin.token);
      expect(await t.deps.eventStore.readStream('settings-notice', {})).toHaveLength(events.length);
      expect((await t.post(`${M}/config/updateNotice`, { ...texts, notice_de: 'x'.repeat(2001) }, admin.token)).statusCode).toBe(422);
      // A client built from SPEC.md sends {notice} alone: the translations stay.
      await t.post(`${M}/config/updateNotice`, { notice: '银行春节休息两天' }, admin.token);
      expect(dataOf(await t.post(`${M}/config/findNotice`, {}, auditor.token), 'kept')).toEqual({ ...texts, notice: '银行春节休息两天' });
    });

    it("changes a user's group as an event; the last admin cannot leave the admin role", async () => {
      const user = await t.createUser();
      await approveProposal(t, secondAdmin, await t.post(`${M}/updateUser`, { id: user.id, group: 2 }, admin.token));
      expect((await t.deps.eventStore.readStream(`user-${user.id}`, {})).map((event) => event.type)).toEqual(['UserGroupChanged']);
      expect((await t.post(`${M}/updateUser`, { id: user.id, group: 7 }, admin.token)).statusCode).toBe(422);
      // Leave exactly one admin, then try to demote it.
      const admins = await t.deps.db.selectFrom('users').select('id').where('group', '=', 1).where('id', '!=', admin.id).execute();
      for (const other of admins) await t.post(`${M}/updateUser`, { id: other.id, group: 0 }, admin.token);
      const last = await t.post(`${M}/updateUser`, { id: admin.id, group: 0 }, admin.token);
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ code: 'last_admin' });
      const found = dataOf<{ data: { email: string; group: number }[] }>(
        await t.post(`${M}/users`, { keyword: user.email.slice(0, 10) }, admin.token),
        'users',
      );
      expect(found.data).toEqual([expect.objectContaining({ email: user.email, group: 2 })]);
    });

    it('statistic counts users, orders of both kinds per status, and institutions', async () => {
      const stats = dataOf<{ user: number; order: number; resource: number; status_counts: Record<string, number> }>(
        await t.post(`${M}/statistic`, {}, auditor.token),
        'statistic',
      );
      const orders = await t.deps.db.selectFrom('orders').select('status').execute();
      expect(stats.order).toBe(orders.length);
      expect(stats.status_counts['4'] ?? 0).toBe(orders.filter((row) => row.status === 4).length);
      expect(stats.resource).toBeGreaterThanOrEqual(5);
      expect(stats.user).toBeGreaterThanOrEqual(4);
    });
  });
});
