import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOrder, login, orderAwaitingDocuments, type Session } from './support/api.js';
import { useE2E } from './support/suite.js';
import { DEMO_ADMIN, INSTITUTIONS } from './support/test-data.js';
import { seeText } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

/** A paid order (status 4, the provider's money recorded) of the demo payer: its id and number. */
async function paidOrder(baseUrl: string, dataDir: string, payer: Session, amount: string): Promise<{ id: string; order_no: string }> {
  const id = await orderAwaitingDocuments(baseUrl, payer, INSTITUTIONS.tum.id, amount);
  const { cny_amount, order_no } = await findOrder(baseUrl, payer, id);
  await sendPaymentSucceeded(baseUrl, dataDir, id, cny_amount!);
  return { id, order_no: String(order_no) };
}

/** The page is no wider than its layout: nothing makes a phone scroll sideways. */
const fitsTheLayout = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= Math.min(window.innerWidth, document.documentElement.clientWidth));

describe('the back office’s money, at 1280 and 375 px', () => {
  const e2e = useE2E();

  it.each(['desktop', 'phone'] as const)(
    'the admin’s order page reads as a person reads it, and asks a reason to move it (%s)',
    async (viewport) => {
      const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const order = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, '4200');
      const { page, snap } = await e2e.page(viewport, 'back-office-order', { session: admin });
      await page.goto(`/manage/orders/${order.id}`);
      await page.getByTestId('manage-order').waitFor();
      await seeText(page.getByRole('heading', { level: 1 }), `订单 ${order.order_no}`);
      await page.getByTestId('funds-panel').waitFor();
      expect(await page.getByTestId('funds-entry').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('field-field.created').innerText()).toMatch(/GMT\+8$/);
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('order');

      await page.getByTestId('set-status-5').click();
      await page.getByTestId('status-reason').fill('银行回单已核对');
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('status-reason');
      await page.getByTestId('status-confirm-button').click();
      await seeText(page.getByTestId('order-status'), '银行确认收款中');
      await expect.poll(async () => (await page.getByTestId('history-reason').allInnerTexts()).join(' ')).toContain('银行回单已核对');
      await snap('order-5');
    },
  );

  it.each(['desktop', 'phone'] as const)('the orders tab is a work queue with counts and filters (%s)', async (viewport) => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const order = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, '4300');
    const { page, snap } = await e2e.page(viewport, 'back-office-queue', { session: admin });
    await page.goto('/manage');
    await page.getByTestId('queue-filters').waitFor();
    await page.locator(`a[href="/manage/orders/${order.id}"]`).waitFor();
    expect(await fitsTheLayout(page)).toBe(true);
    await snap('orders');
    await page.getByTestId('status-chip-4').click();
    await page.getByTestId('filter-sort').selectOption('-status_since');
    await page.locator(`a[href="/manage/orders/${order.id}"]`).waitFor();
    for (const control of [page.getByTestId('status-chip-4'), page.getByTestId('queue-all'), page.getByTestId('filter-sort')]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await fitsTheLayout(page)).toBe(true);
    await snap('filtered');
    await page.getByTestId('tab-reconciliation').click();
    await page.getByTestId('statement-import').waitFor();
    expect(await fitsTheLayout(page)).toBe(true);
    await snap('reconciliation');
  });
});
