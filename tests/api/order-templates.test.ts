import { describe, expect, it, vi } from 'vitest';
import { openSession } from '../../src/api/auth/sessions.js';
import { ERASED, type LookalikeOrder, type OrderTemplate, type PayerDetails, type RecipientAccount } from '../../src/domain/index.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { dataOf, EUR_RESOURCE } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestUser } from './support/test-app.js';

const S = '/api/v1/step';
const USD_RESOURCE = 1001;
const PRESET_RESOURCE = 996;

const USD_ACCOUNT: RecipientAccount = {
  ...ACCOUNT,
  accept_account_name: 'Mayo Clinic',
  accept_account_no: '000123456789',
  accept_bank: 'Wells Fargo',
  accept_swift: 'WFBIUS6S',
  transit_code: '121000248',
  accept_reference: 'Bill 7',
};
const OTHER_PATIENT: PayerDetails = {
  ...PAYER,
  student_last_name: '李',
  student_first_name: '四光',
  student_email: 'li@example.com',
  payer_relation: '父母',
  payer_last_name: '李',
  payer_first_name: '大',
  payer_idcode: '110101196001011234',
};

/** What a template offers of step 2's account: everything but the bill's references. */
const offeredAccount = ({ accept_reference: _r, accept_remittance: _m, ...account }: RecipientAccount) => account;

describe.each(ENGINES)('filling from an earlier order and look-alike orders on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, warehouse, payer, stranger, leaving, twin] = t.users(
    'admin',
    'auditor',
    'warehouse',
    'payer',
    'payer',
    'payer',
    'payer',
  );

  /** A draft of `user`'s, a minute after the last one (newest first is by creation). */
  async function draft(user: TestUser, resource: number, amount = '5000'): Promise<string> {
    t.clock.advance(60_000);
    return dataOf<{ id: string }>(await t.post(`${S}/amount/create`, { resource, amount, from: 'test' }, user.token), 'create').id;
  }
  async function filled(user: TestUser, resource: number, account: RecipientAccount, payer: PayerDetails, amount = '5000') {
    const id = await draft(user, resource, amount);
    dataOf(await t.post(`${S}/accept/update`, { id, ...account }, user.token), 'accept');
    dataOf(await t.post(`${S}/send/update`, { id, ...payer }, user.token), 'send');
    return id;
  }
  const templates = async (id: string, user: TestUser) =>
    dataOf<OrderTemplate[]>(await t.post(`${S}/order/templates`, { id }, user.token), 'templates');
  const lookalikes = async (body: object, user: TestUser) =>
    dataOf<LookalikeOrder[]>(await t.post(`${S}/order/lookalikes`, body, user.token), 'lookalikes');

  it("offers the payer's own earlier orders, newest first, the account only from the same institution", async () => {
    const charite = await filled(payer, EUR_RESOURCE, ACCOUNT, PAYER);
    const mayo = await filled(payer, USD_RESOURCE, USD_ACCOUNT, OTHER_PATIENT);
    const strangers = await filled(stranger, EUR_RESOURCE, ACCOUNT, PAYER);
    const current = await draft(payer, EUR_RESOURCE);

    const offered = await templates(current, payer);
    expect(offered.map((template) => template.id)).toEqual([mayo, charite]);
    expect(offered.map((template) => template.id)).not.toContain(strangers);
    const [fromMayo, fromCharite] = offered;
    // A recipient account belongs to its institution: Mayo's is not offered for an order to 1004.
    expect(fromMayo).toMatchObject({
      resource_name: expect.any(String),
      account: null,
      payer: { student_last_name: '李', payer_first_name: '大' },
    });
    expect(fromCharite!.account).toEqual(offeredAccount(ACCOUNT));
    expect(fromCharite!.payer).toMatchObject({ student_last_name: '张', student_first_name: '三丰', payer_phone: '13800138000' });
    expect(fromCharite).toMatchObject({ order_no: expect.any(String), created_at: expect.any(String) });
    // Nothing was written: the order being filled is still empty.
    const view = dataOf<{ accept_account_no: string }>(await t.post(`${S}/order/find`, { id: current }, payer.token), 'find');
    expect(view.accept_account_no).toBe('');

    // A preset institution's account is fixed: its step 2 is offered nothing.
    const preset = await draft(payer, PRESET_RESOURCE);
    const forPreset = await templates(preset, payer);
    expect(forPreset.length).toBeGreaterThan(0);
    expect(forPreset.every((template) => template.account === null)).toBe(true);
  });

  it("answers 404 for another payer's order and refuses staff", async () => {
    const mine = await draft(payer, EUR_RESOURCE);
    const refused = await t.post(`${S}/order/templates`, { id: mine }, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'order_not_found' });
    expect((await t.post(`${S}/order/lookalikes`, { id: mine }, stranger.token)).statusCode).toBe(404);
    for (const staff of [admin, auditor, warehouse]) {
      expect((await t.post(`${S}/order/templates`, { id: mine }, staff.token)).statusCode).toBe(403);
      expect((await t.post(`${S}/order/lookalikes`, { id: mine }, staff.token)).statusCode).toBe(403);
    }
    expect((await t.post(`${S}/order/templates`, { id: mine })).statusCode).toBe(401);
  });

  it("offers none of an erased person's erased fields", async () => {
    const before = await filled(leaving, EUR_RESOURCE, ACCOUNT, PAYER);
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: leaving.id }, admin.token), 'erase');
    t.clock.advance(1000);
    const token = await openSession(t.deps, { id: leaving.id, group: 0, sessions_valid_after: t.clock.now() });
    const again = { ...leaving, token };
    const current = await draft(again, EUR_RESOURCE);
    await vi.waitFor(async () => {
      const offered = await templates(current, again);
      expect(offered.map((template) => template.id)).toEqual([before]);
      // The account is the institution's, not the person's; the patient and payer are gone.
      expect(offered[0]).toMatchObject({ account: offeredAccount(ACCOUNT), payer: null });
      expect(JSON.stringify(offered)).not.toContain(ERASED);
    });
  });

  it("finds the same payer's open look-alike: same institution, amount and currency, and patient", async () => {
    const open = await filled(twin, EUR_RESOURCE, ACCOUNT, PAYER);
    dataOf(await t.post(`${S}/check/update`, { id: open }, twin.token), 'confirm');
    const current = await filled(twin, EUR_RESOURCE, ACCOUNT, PAYER);
    await filled(stranger, EUR_RESOURCE, ACCOUNT, PAYER);

    const found = await lookalikes({ id: current }, twin);
    expect(found).toEqual([
      {
        id: open,
        order_no: expect.any(String),
        status: 1,
        amount: '5000.00',
        currency: 'EUR',
        resource_name: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    // Step 1, before the order exists: the institution and the amount (as typed) are the key.
    expect((await lookalikes({ resource: EUR_RESOURCE, amount: '5000.0' }, twin)).map((order) => order.id)).toEqual([current, open]);

    // A different amount, a different patient, another institution: nothing alike.
    const otherAmount = await filled(twin, EUR_RESOURCE, ACCOUNT, PAYER, '6000');
    expect(await lookalikes({ id: otherAmount }, twin)).toEqual([]);
    const otherPatient = await filled(twin, EUR_RESOURCE, ACCOUNT, OTHER_PATIENT);
    expect(await lookalikes({ id: otherPatient }, twin)).toEqual([]);
    expect(await lookalikes({ resource: USD_RESOURCE, amount: '5000' }, twin)).toEqual([]);

    // A closed order is no look-alike: cancelled, it ended.
    dataOf(await t.post(`${S}/order/cancel`, { id: open }, twin.token), 'cancel');
    expect(await lookalikes({ id: current }, twin)).toEqual([]);
  });

  it('refuses a look-alike question that names neither an order nor an institution and amount', async () => {
    const refused = await t.post(`${S}/order/lookalikes`, { resource: EUR_RESOURCE }, payer.token);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors as object)).toEqual(['amount']);
    expect((await t.post(`${S}/order/templates`, {}, payer.token)).statusCode).toBe(422);
  });
});
