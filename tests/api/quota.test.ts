import { describe, expect, it } from 'vitest';
import { openSession } from '../../src/api/auth/sessions.js';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { paidOrder } from './support/back-office.js';
import { confirmOrder, createDraft, dataOf, fillDetails, orderInStatus } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestUser } from './support/test-app.js';

const QUOTA = '/api/v1/step/quota';
/** A seeded institution paid in USD, without a preset account. */
const USD_RESOURCE = 1001;
const NOW = new Date('2026-11-21T10:00:00.000Z');

interface Quota {
  order_usd: string;
  year_usd: string;
  allowance_usd: string;
  remaining_usd: string;
  year: number;
  exceeds_allowance: boolean;
}

/*
 * Figures at the shipped base rates (EUR 8.2350, USD 7.1180 CNY): EUR 3000 = USD 3470.78,
 * 5000 = 5784.63, 6000 = 6941.56, 7000 = 8098.48, 30000 = 34707.78, 40000 = 46277.04.
 */
describe.each(ENGINES)('the USD quota on steps 1 and 4 on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, other, admin, auditor, warehouse] = t.users('payer', 'payer', 'admin', 'auditor', 'warehouse');
  const quota = async (body: Record<string, unknown>, user: TestUser = payer) =>
    dataOf<Quota>(await t.post(QUOTA, body, user.token), 'quota');
  /** Runs `action` with the clock at `instant`, as `user` signed in then (a session is only good from when it opened). */
  async function at<T>(instant: string, user: TestUser, action: (signedIn: TestUser) => Promise<T>): Promise<T> {
    t.clock.set(new Date(instant));
    try {
      const token = await openSession(t.deps, { id: user.id, group: 0, sessions_valid_after: new Date(0) });
      return await action({ ...user, token });
    } finally {
      t.clock.set(NOW);
    }
  }
  async function confirmedDraft(user: TestUser, amount: string): Promise<string> {
    const id = await createDraft(t, user, amount);
    await fillDetails(t, user, id);
    await confirmOrder(t, user, id);
    return id;
  }

  let draft = '';
  let usdOrder = '';
  let strangersOrder = '';

  it("counts the payer's own orders confirmed this China-time year, not called off", async () => {
    // Confirmed a second before 2026 began in China: last year's.
    await at('2025-12-31T15:59:59.000Z', payer, (then) => confirmedDraft(then, '3000'));
    // Confirmed as 2026 began in China (16:00 UTC), then paid: counted (EUR 5000).
    await at('2025-12-31T16:00:00.000Z', payer, (then) => paidOrder(t, then));
    // Confirmed this year, then cancelled: not counted.
    const cancelled = await confirmedDraft(payer, '6000');
    dataOf(await t.post('/api/v1/step/order/cancel', { id: cancelled }, payer.token), 'cancel');
    // Confirmed this year in USD: counted as it is.
    usdOrder = dataOf<{ id: string }>(
      await t.post('/api/v1/step/amount/create', { resource: USD_RESOURCE, amount: '4000.50', from: 'test' }, payer.token),
      'create',
    ).id;
    await fillDetails(t, payer, usdOrder);
    await confirmOrder(t, payer, usdOrder);
    // Not confirmed yet (the order on step 4): not counted.
    draft = await orderInStatus(t, payer, 0);
    dataOf(await t.post('/api/v1/step/amount/create', { id: draft, resource: 1004, amount: '7000' }, payer.token), 'amount');
    // Another payer's order: not this payer's.
    strangersOrder = await confirmedDraft(other, '3000');

    expect(await quota({})).toEqual({
      order_usd: '0.00',
      year_usd: '9785.13',
      allowance_usd: '50000.00',
      remaining_usd: '40214.87',
      year: 2026,
      exceeds_allowance: false,
    });
    expect(await quota({}, other)).toMatchObject({ year_usd: '3470.78', remaining_usd: '46529.22' });
  });

  it('converts the typed amount on step 1 and warns beyond the allowance without refusing', async () => {
    expect(await quota({ currency: 'EUR', amount: '30000' })).toMatchObject({
      order_usd: '34707.78',
      year_usd: '9785.13',
      remaining_usd: '5507.09',
      exceeds_allowance: false,
    });
    expect(await quota({ currency: 'EUR', amount: 40000 })).toMatchObject({
      order_usd: '46277.04',
      remaining_usd: '0.00',
      exceeds_allowance: true,
    });
    expect(await quota({ currency: 'USD', amount: '3000.10' })).toMatchObject({ order_usd: '3000.10', remaining_usd: '37214.77' });
  });

  it("shows an order's own figures on step 4, never counting the order twice", async () => {
    expect(await quota({ id: draft })).toMatchObject({ order_usd: '8098.48', year_usd: '9785.13', remaining_usd: '32116.39' });
    // A confirmed order is the order, not part of the year besides.
    expect(await quota({ id: usdOrder })).toMatchObject({ order_usd: '4000.50', year_usd: '5784.63', remaining_usd: '40214.87' });
    // Step 1 of a saved order: the amount being typed, in the order's currency.
    expect(await quota({ id: draft, amount: '6000' })).toMatchObject({ order_usd: '6941.56', remaining_usd: '33273.31' });
    expect(await quota({ id: draft, currency: 'EUR' })).toMatchObject({ order_usd: '8098.48' });
  });

  it('starts every China-time calendar year at nothing', async () => {
    expect(await at('2026-12-31T16:00:00.000Z', payer, (then) => quota({}, then))).toMatchObject({
      year: 2027,
      year_usd: '0.00',
      remaining_usd: '50000.00',
    });
    expect(await at('2026-12-31T15:59:59.000Z', payer, (then) => quota({}, then))).toMatchObject({ year: 2026, year_usd: '9785.13' });
  });

  it('refuses bad input with a clear answer and changes nothing', async () => {
    const before = await rowCounts(t);
    const refused = async (body: Record<string, unknown>, status: number, code: string, errors: Record<string, string[]>) => {
      const response = await t.post(QUOTA, body, payer.token);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ status, code, errors });
    };
    await refused({ currency: 'XYZ', amount: '5000' }, 422, 'validation_failed', { currency: ['不支持的币种'] });
    await refused({ currency: 'CNY', amount: '5000' }, 422, 'validation_failed', { currency: ['不支持的币种'] });
    await refused({ currency: 'EUR', amount: '-5000' }, 422, 'validation_failed', { amount: ['请输入有效的金额'] });
    await refused({ currency: 'EUR', amount: '100' }, 422, 'validation_failed', { amount: ['金额必须高于 EUR 3000'] });
    await refused({ currency: 'JPY', amount: '5000.5' }, 422, 'validation_failed', { amount: ['JPY 金额不能有小数'] });
    await refused({ amount: '5000' }, 422, 'validation_failed', { currency: ['此项为必填项'] });
    await refused({ currency: 'EUR' }, 422, 'validation_failed', { amount: ['此项为必填项'] });
    await refused({ id: draft, currency: 'USD' }, 422, 'validation_failed', { currency: ['币种与订单的币种不同'] });
    await refused({ id: draft, amount: '5000.123' }, 422, 'validation_failed', { amount: ['EUR 金额最多 2 位小数'] });
    // Another payer's order is no order of this payer's, as on every step call.
    await refused({ id: strangersOrder }, 404, 'order_not_found', {});
    await refused({ id: 'no-such-order' }, 404, 'order_not_found', {});
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers the payer only: staff are refused, and nobody signed out', async () => {
    const before = await rowCounts(t);
    for (const user of [admin, auditor, warehouse]) {
      const response = await t.post(QUOTA, { currency: 'EUR', amount: '5000' }, user.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await t.post(QUOTA, { currency: 'EUR', amount: '5000' })).statusCode).toBe(401);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('leaves an order that timed out out of the year', async () => {
    const id = await confirmedDraft(payer, '3000');
    expect(await quota({})).toMatchObject({ year_usd: '13255.91' });
    // Past its payment deadline (still 2026), the sweeper's fact times it out.
    await at('2026-12-01T10:00:00.000Z', payer, () =>
      runOrderCommand(t.deps, id, { type: 'expireOrder' }, { id: 'system', role: 'system' }),
    );
    expect(await quota({})).toMatchObject({ year_usd: '9785.13' });
  });
});
