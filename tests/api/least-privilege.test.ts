import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { partnerBody, postPartnerOrder, writtenState } from './support/back-office.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES, switchUploadLink } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** Staff access fit for real money (issue 21): each role reads only what its work needs. */
describe.each(ENGINES)('least privilege, on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, admin, auditor, warehouse] = t.users('payer', 'admin', 'auditor', 'warehouse');
  let orderId: string;
  let fileUrl: string;

  beforeAll(async () => {
    orderId = await orderInStatus(t, payer, 2);
    const uploaded = dataOf<{ files: { url: string }[] }>(
      await postMultipart(
        t,
        '/api/v1/step/order/upload',
        [{ name: 'id', value: orderId }, filePart('passport.png', SAMPLE_FILES.png(), 'image/png')],
        payer.token,
      ),
      'upload',
    );
    fileUrl = uploaded.files[0]!.url;
    await switchUploadLink(t, orderId, true);
  });

  const download = (token: string) => t.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: `Bearer ${token}` } });

  it('warehouse staff read no order and no document: 404, as for an order that does not exist', async () => {
    const find = await t.post('/api/v1/step/order/find', { id: orderId }, warehouse.token);
    expect(find.statusCode).toBe(404);
    expect(find.body).not.toContain('110101199003071234');
    expect((await download(warehouse.token)).statusCode).toBe(404);
    for (const reader of [payer, admin, auditor]) expect((await download(reader.token)).statusCode).toBe(200);
  });

  it('auditors see personal fields, the owner, references and partner names masked, and never the upload token', async () => {
    const personal = ['110101199003071234', '13800138000', 'zhang@example.com', '三丰', 'Invoice 42', payer.email];
    const asAdmin = dataOf<Record<string, unknown>>(await t.post('/api/v1/manage/order/find', { id: orderId }, admin.token), 'admin find');
    expect(asAdmin['student_idcode']).toBe('110101199003071234');
    expect(asAdmin['upload_document_token']).toEqual(expect.any(String));
    const answers = [
      await t.post('/api/v1/manage/order/find', { id: orderId }, auditor.token),
      await t.post('/api/v1/step/order/find', { id: orderId }, auditor.token),
      await t.post('/api/v1/manage/orders', {}, auditor.token),
      await t.post('/api/v1/manage/users', { keyword: payer.email.slice(0, 12) }, auditor.token),
      await t.post('/api/v1/audit/order/asOf', { id: orderId, revision: '3' }, auditor.token),
      await t.post('/api/v1/audit/order/history', { id: orderId }, auditor.token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const value of personal) expect(answer.body).not.toContain(value);
      expect(answer.body).toContain('•••');
      expect(answer.body).not.toContain(asAdmin['upload_document_token'] as string);
    }
    // The evidence pack carries the log as stored: the link's token is sealed there.
    const pack = await t.post('/api/v1/audit/order/evidence', { id: orderId }, auditor.token);
    expect(pack.statusCode).toBe(200);
    expect(pack.body).toContain('UploadLinkSwitched');
    expect(pack.body).not.toContain(asAdmin['upload_document_token'] as string);
    const partner = await postPartnerOrder(t, partnerBody('GIC-MASK-1'));
    expect(partner.statusCode).toBe(200);
    const partners = await t.post('/api/v1/manage/gic/orders', {}, auditor.token);
    expect(partners.body).not.toContain('李小龙');
    expect(partners.body).not.toContain('李大龙');
    // The owner still sees their own order in the clear.
    expect((await t.post('/api/v1/step/order/find', { id: orderId }, payer.token)).body).toContain('110101199003071234');
  });

  it('staff create no payer orders and take no payer steps', async () => {
    const before = await writtenState(t);
    for (const staff of [admin, auditor, warehouse]) {
      const create = await t.post('/api/v1/step/amount/create', { resource: 1004, amount: '5000', from: 'test' }, staff.token);
      expect(create.statusCode).toBe(403);
      expect((await t.post('/api/v1/step/order/cancel', { id: orderId }, staff.token)).statusCode).toBe(403);
    }
    expect(await writtenState(t)).toBe(before);
  });

  it('checks the role before the body: a payer hears 403 and an anonymous caller 401, not the fields that are wrong', async () => {
    const hostile = { record: { name: '', currency: 'XXX', swift: 'nope' } };
    const asPayer = await t.post('/api/v1/manage/updateResource', hostile, payer.token);
    expect(asPayer.statusCode).toBe(403);
    expect(asPayer.json()).not.toHaveProperty('errors.record');
    expect((await t.post('/api/v1/manage/updateResource', hostile)).statusCode).toBe(401);
    expect((await t.post('/api/v1/warehouse/in/create', { quantity: -1 }, auditor.token)).statusCode).toBe(403);
  });

  it('answers ids beyond any row with 404 or 422, never 500, and writes nothing', async () => {
    const before = await writtenState(t);
    const huge = 99_999_999_999;
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/manage/resources/${huge}/qr.svg`,
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      await t.post('/api/v1/manage/updateUser', { id: huge, group: 2 }, admin.token),
      await t.post('/api/v1/manage/eraseUser', { id: huge }, admin.token),
      await t.post(
        '/api/v1/manage/updateResource',
        {
          record: {
            id: huge,
            name: 'X',
            currency: 'EUR',
            country: 'DE',
            account_no: '1',
            account_name: 'X',
            account_bank: 'X',
            swift: 'DEUTDEFF',
          },
        },
        admin.token,
      ),
      await postPartnerOrder(t, partnerBody('GIC-HUGE-1', { resource: huge })),
      await t.post('/api/v1/public/findResource', { id: huge }),
    ];
    for (const answer of answers) expect([404, 422], answer.body).toContain(answer.statusCode);
    expect(await writtenState(t)).toBe(before);
  });

  it("refuses a partner order whose currency is not the institution's, whose rate strays from the market, or whose names hide characters", async () => {
    const before = await writtenState(t);
    const mismatch = await postPartnerOrder(t, partnerBody('GIC-CUR-1', { target: 'USD' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ code: 'partner_currency_mismatch', errors: { target: [expect.any(String)] } });
    const oldShape = await postPartnerOrder(t, partnerBody('GIC-CUR-2', { target: 'MAYO' }));
    expect(oldShape.statusCode).toBe(422);
    const rate = await postPartnerOrder(t, partnerBody('GIC-RATE-1', { gic_rate: '9.9' }));
    expect(rate.statusCode).toBe(422);
    expect(rate.json()).toMatchObject({ code: 'partner_rate_out_of_band' });
    const bidi = await postPartnerOrder(t, partnerBody('GIC-BIDI-1', { student_name: '李\u202e小龙' }));
    expect(bidi.statusCode).toBe(422);
    const control = await postPartnerOrder(t, partnerBody('GIC-CTRL-1', { from: 'Partner\u0007' }));
    expect(control.statusCode).toBe(422);
    expect(await writtenState(t)).toBe(before);
    expect((await postPartnerOrder(t, partnerBody('GIC-OK-1'))).statusCode).toBe(200);
  });
});

describe('where the demo listens', () => {
  it('on this machine only, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
