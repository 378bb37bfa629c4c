import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, postJson, type Session } from './support/api.js';
import { useE2E } from './support/suite.js';
import { screenshots } from './support/screenshots.js';
import { seeText } from './support/ui.js';

const DEMO_WAREHOUSE = { email: 'warehouse@example.com', password: 'warehouse-demo-2026' };

const statistic = async (page: Page) => {
  const read = async (key: string) => Number(await page.getByTestId(`stat-${key}`).getAttribute('data-value'));
  return { in: await read('in'), out: await read('out'), stock: await read('stock') };
};

/** Fills a warehouse dialog's fields by their test ids and submits it. */
async function fillDialog(page: Page, dialog: string, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`${dialog}-${field}`).fill(value);
  await page.getByTestId(`${dialog}-submit`).click();
}

/** Goods enough for a second page: 22 loose rows against one inbound record, through the API. */
async function manyGoods(baseUrl: string, staff: Session): Promise<void> {
  const { id } = await postJson<{ id: number }>(
    baseUrl,
    '/api/v1/warehouse/in/create',
    { waybill_id: 'BULK-WAYBILL', client_code: 'BULK', quantity: 22, weight: '44' },
    staff.access_token,
  );
  for (let index = 0; index < 22; index += 1) {
    await postJson(
      baseUrl,
      '/api/v1/warehouse/in/receive',
      { in_id: id, code: `BULK-${String(index).padStart(2, '0')}`, type: 'B1', box_count: 0, count: 1 },
      staff.access_token,
    );
  }
}

describe('the warehouse', () => {
  const e2e = useE2E();

  it('staff create an inbound record, receive goods, ship part of them, and follow it in the statistics, the tabs and every detail page', async () => {
    const staff = await login(e2e.baseUrl, DEMO_WAREHOUSE.email, DEMO_WAREHOUSE.password);
    await manyGoods(e2e.baseUrl, staff);
    const { page, snap } = await e2e.page('desktop', 'warehouse', { session: staff });
    await page.goto('/stocks');
    await page.getByTestId('stocks-page').waitFor();
    await seeText(page.getByTestId('breadcrumb'), '仓库管理');
    await expect.poll(() => page.getByTestId('stat-in').getAttribute('data-value')).not.toBe('');
    const before = await statistic(page);
    await snap('stocks');

    // Load more: 22 goods rows are more than one page.
    // The search box is read every 100 ms: wait for the new keyword's first page, not the last list.
    const searched = page.waitForResponse(
      (response) => response.url().endsWith('/find_goods') && (response.request().postData() ?? '').includes('"keyword":"bulk-"'),
    );
    await page.getByTestId('received').getByRole('searchbox').fill('bulk-');
    await searched;
    await expect.poll(() => page.getByTestId('received').locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('received').locator('tbody tr').count()).toBe(20);
    await page.getByTestId('received-more').click();
    await expect.poll(() => page.getByTestId('received').locator('tbody tr').count()).toBe(22);
    await snap('received-more');

    // A new inbound record through the dialog; it opens in a new window.
    await page.getByTestId('tab-inbound').click();
    await page.getByTestId('inbound-create-open').click();
    await fillDialog(page, 'inbound-create', { waybill_id: '', client_code: 'E2E-CLIENT', quantity: '5', weight: '12.5' });
    await seeText(page.getByTestId('inbound-create'), '此项为必填项');
    await snap('create-refused');
    const [inbound] = await Promise.all([
      page.context().waitForEvent('page'),
      fillDialog(page, 'inbound-create', { waybill_id: 'E2E-WAYBILL-1' }),
    ]);
    await inbound.getByTestId('inbound-page').waitFor();
    await seeText(inbound.getByTestId('record-status'), '有效');
    const snapInbound = screenshots(inbound, 'desktop', 'warehouse-inbound');
    await snapInbound('new');

    // Goods received: 3 boxes of 10.
    await inbound.getByTestId('receive-open').click();
    await fillDialog(inbound, 'receive', { code: 'E2E-GOODS', type: 'M-1', sku: 'SKU-E2E', box_count: '3', count: '10' });
    await seeText(inbound.getByTestId('goods'), '3 箱 10 件，共 30 件');
    await snapInbound('received');

    // Shipping more than the stock is refused, naming it; then 12 leave.
    await inbound.getByTestId('ship-open').click();
    await fillDialog(inbound, 'ship', { quantity: '31', deliver_type: '快递', weight: '0.4' });
    await seeText(inbound.getByTestId('ship'), '库存不足：当前库存 30 件');
    await fillDialog(inbound, 'ship', { quantity: '12' });
    await seeText(inbound.getByTestId('shipments'), '12 件');
    await snapInbound('shipped');

    // The statistics and the three tabs follow.
    await page.reload();
    await page.getByTestId('stocks-page').waitFor();
    await expect.poll(async () => statistic(page)).toEqual({ in: before.in + 30, out: before.out + 12, stock: before.stock + 18 });
    await page.getByTestId('received').getByRole('searchbox').fill('e2e-goods');
    await seeText(page.getByTestId('received'), 'E2E-GOODS');
    await page.getByTestId('tab-shipped').click();
    await page.getByTestId('shipped').getByRole('searchbox').fill('e2e-client');
    await expect.poll(() => page.getByTestId('shipped').locator('tbody tr').count()).toBe(1);
    await snap('shipped-tab');
    await page.getByTestId('tab-inStock').click();
    await page.getByTestId('in-stock').getByRole('searchbox').fill('e2e-goods');
    await seeText(page.getByTestId('in-stock'), '18 件');
    await snap('in-stock-tab');
    await page.getByTestId('tab-inbound').click();
    await page.getByTestId('inbound-search').fill('e2e-waybill');
    await expect.poll(() => page.getByTestId('inbound-row').count()).toBe(1);
    await snap('inbound-tab');

    // Every detail page opens from its row in a new window.
    const open = async (testId: string, scope: Page | Locator = page) => {
      const [popup] = await Promise.all([page.context().waitForEvent('page'), scope.getByTestId(testId).first().click()]);
      await popup.waitForLoadState();
      return popup;
    };
    const box = await open('open-box');
    await seeText(box.getByTestId('box-totals'), '共 3 箱');
    await screenshots(box, 'desktop', 'warehouse-box')('box');
    const waybill = await open('open-waybill');
    await seeText(waybill.getByTestId('waybill-page'), 'E2E-WAYBILL-1');
    await screenshots(waybill, 'desktop', 'warehouse-waybill')('waybill');
    await page.getByTestId('tab-shipped').click();
    const outbound = await open('open-outbound', page.getByTestId('shipped'));
    await seeText(outbound.getByTestId('shipment-quantity'), '12 件');
    await screenshots(outbound, 'desktop', 'warehouse-outbound')('outbound');
  });

  it('works at 375 px, and a payer opening /stocks is refused', async () => {
    const staff = await login(e2e.baseUrl, DEMO_WAREHOUSE.email, DEMO_WAREHOUSE.password);
    const { page, snap } = await e2e.page('phone', 'warehouse-phone', { session: staff });
    await page.goto('/stocks');
    await page.getByTestId('stocks-page').waitFor();
    await expect.poll(() => page.getByTestId('stat-stock').getAttribute('data-value')).not.toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap('stocks');
    await page.getByTestId('tab-inbound').click();
    await page.getByTestId('inbound-create-open').click();
    await page.getByTestId('inbound-create').waitFor();
    await snap('create-dialog');

    const { page: payerPage, snap: snapPayer } = await e2e.page('phone', 'warehouse-payer', { session: e2e.payer });
    await payerPage.goto('/stocks');
    await seeText(payerPage.getByTestId('warehouse-refused'), '您没有访问仓库的权限');
    await snapPayer('refused');
    const refused = await fetch(new URL('/api/v1/warehouse/stocks/statistic', e2e.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${e2e.payer.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
  });
});
