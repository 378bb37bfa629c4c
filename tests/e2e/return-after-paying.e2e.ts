import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOrder, orderAwaitingDocuments } from './support/api.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { button, seeText } from './support/ui.js';

/** The order's status as the page shows it. */
const shownStatus = (page: Page) => page.getByTestId('status-text').innerText();

/** What a browser does when the payer switches back to this tab: it is in front and visible again. */
async function comeBack(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/**
 * The payer opens the card checkout from the order page (a new tab), pays in full there and comes
 * back: the order page shows 已转账 by itself, without the refresh button (it reads a moving order
 * every few seconds, and again when its tab is back in focus).
 */
describe('the order page after paying in another tab', () => {
  const e2e = useE2E();

  it('shows 已转账 when the payer comes back, without pressing refresh', async () => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '3210', 1);
    const { page, snap } = await e2e.page('desktop', 'return-after-paying', { session: e2e.payer });
    await page.goto(`/order/${id}`);
    await seeText(page, '等待上传材料');
    await snap('order-before-paying');

    // At status 2 the documents panel is the open one; the payer opens the payment panel.
    await button(page, /^付款/).click();
    await seeText(page, '请通过网银或柜台转账至以下账户');
    const [checkout] = await Promise.all([page.waitForEvent('popup'), button(page, '网银在线支付').click()]);
    await seeText(page, '等待支付结果确认');
    await checkout.getByRole('heading', { name: '收银台' }).waitFor();
    await checkout.getByRole('button', { name: /全额支付/ }).click();
    await checkout.getByRole('heading', { name: '支付成功' }).waitFor();
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).status).toBe(4);
    // The order page follows the order by itself, even while it is not the tab in front.
    await expect.poll(() => shownStatus(page), { timeout: 10_000, message: 'the order page follows the order live' }).toBe('已转账');
    await comeBack(page);
    expect(await shownStatus(page)).toBe('已转账');
    await snap('order-after-paying');
  });
});
