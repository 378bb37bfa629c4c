import { describe, expect, it } from 'vitest';
import { findOrder, orderAwaitingDocuments } from './support/api.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { main, moneyPattern, seeText, waitForPath } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

/**
 * An order set up through the API and paid through the provider's signed webhook: my orders
 * lists it as 已转账 and its details button opens /order/:id, which says the same.
 */
describe('an order paid through the payment webhook', () => {
  const e2e = useE2E();
  const amount = '4321';

  it('shows 已转账 in my orders and on the order page', async () => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, amount);
    const { cny_amount } = await findOrder(e2e.baseUrl, e2e.payer, id);
    if (!cny_amount) throw new Error('a confirmed order has a CNY amount');
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, cny_amount);
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).status).toBe(4);

    const { page, snap } = await e2e.page('desktop', 'paid-order', { session: e2e.payer });
    await page.goto('/orders');
    const row = main(page)
      .locator('*')
      .filter({ hasText: moneyPattern(amount) })
      .filter({ has: page.getByRole('button', { name: /详情/ }).or(page.getByRole('link', { name: /详情/ })) })
      .last();
    await row.waitFor();
    expect(await row.innerText()).toContain('已转账');
    expect(await row.innerText()).toContain(INSTITUTIONS.tum.name);
    await snap('my-orders');

    await row
      .getByRole('button', { name: /详情/ })
      .or(row.getByRole('link', { name: /详情/ }))
      .first()
      .click();
    await waitForPath(page, `/order/${id}`);
    await seeText(page, '已转账');
    await snap('order');
  });
});
