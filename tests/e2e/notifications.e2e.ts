import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOrder, orderAwaitingDocuments, postJson } from './support/api.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { waitForPath } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

/** The bell shows a count once the notifier has written the notices (a reload asks again). */
async function bellWithCount(page: Page): Promise<void> {
  const count = page.getByTestId('notification-count');
  for (let tries = 0; tries < 10; tries += 1) {
    const shown = await count
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    await page.reload();
  }
  throw new Error('the bell shows no unread count');
}

/**
 * DESIGN.md section 11 in the browser: an order confirmed and paid tells its payer; the bell in the
 * header counts and lists it, at 1280 and at 375 px, and its item opens the order and is marked read.
 */
describe('the notification bell', () => {
  const e2e = useE2E();

  it.each(['desktop', 'phone'] as const)('lists the payer’s notices and opens the order (%s)', async (viewport) => {
    // Earlier files leave the demo payer many unread notices: from none, the count can only be exact (not 99+).
    await postJson(e2e.baseUrl, '/api/v1/notifications/read', { all: true }, e2e.payer.access_token);
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4100');
    const order = await findOrder(e2e.baseUrl, e2e.payer, id);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, order.cny_amount!);

    const { page, snap } = await e2e.page(viewport, 'notifications', { session: e2e.payer });
    await page.goto('/orders');
    await bellWithCount(page);
    const before = Number(await page.getByTestId('notification-count').innerText());
    await page.getByTestId('notification-bell').click();
    const item = page
      .getByTestId('notification-item')
      .filter({ hasText: String(order['order_no']) })
      .filter({ hasText: /已收到款项/ });
    await item.first().waitFor();
    const box = await page.getByRole('menu').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1280);
    await snap('bell-open');
    await item.first().click();
    await waitForPath(page, `/order/${id}`);
    await page.waitForFunction(
      (previous) => Number(document.querySelector('[data-testid="notification-count"]')?.textContent ?? '0') < previous,
      before,
    );
    await snap('order-opened');
  });
});
