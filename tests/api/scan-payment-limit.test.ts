import { describe, expect, it } from 'vitest';
import { choosePayment, confirmOrder, createDraft, fillDetails } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** Issue 24: WeChat scan (bank 3) carries at most CNY 50,000; the server refuses it above, not only the page. */
describe.each(ENGINES)('scan payment limit on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');

  async function confirmedOrder(amount: string): Promise<string> {
    const id = await createDraft(t, payer, amount);
    await fillDetails(t, payer, id);
    await confirmOrder(t, payer, id);
    return id;
  }

  it('refuses scan above CNY 50,000 with a reason on the bank field; bank transfer still works', async () => {
    const id = await confirmedOrder('10000');
    const refused = await t.post('/api/v1/step/pay/update', { id, bank: 3 }, payer.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'order_refused.scan_above_limit',
      errors: { bank: ['扫码支付单笔不超过 50,000 元，请选择银行转账'] },
    });
    await choosePayment(t, payer, id, 1);
  });

  it('accepts scan up to CNY 50,000', async () => {
    await choosePayment(t, payer, await confirmedOrder('5000'), 3);
  });
});
