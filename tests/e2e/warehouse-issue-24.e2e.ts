import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, postJson, type Session } from './support/api.js';
import { useE2E } from './support/suite.js';
import { seeText } from './support/ui.js';

const DEMO_WAREHOUSE = { email: 'warehouse@example.com', password: 'warehouse-demo-2026' };
/** WCAG 2.5.5's target size, which issue 24 asks of every warehouse link at 375 px. */
const MIN_TAP_PX = 44;

/** A record declaring 10 pieces of which 7 came (少收 3 件), 2 of them shipped; its id. */
async function shortRecord(baseUrl: string, staff: Session, waybill: string): Promise<number> {
  const { id } = await postJson<{ id: number }>(
    baseUrl,
    '/api/v1/warehouse/in/create',
    { waybill_id: waybill, client_code: 'I24', package: '托盘', quantity: 10, weight: '20' },
    staff.access_token,
  );
  const goods = await postJson<{ id: number }>(
    baseUrl,
    '/api/v1/warehouse/in/receive',
    { in_id: id, code: 'I24-GOODS', type: 'M', box_count: 0, count: 7 },
    staff.access_token,
  );
  await postJson(
    baseUrl,
    '/api/v1/warehouse/out/create',
    { goods_id: goods.id, quantity: 2, deliver_type: '快递', weight: '1', client_code: 'I24' },
    staff.access_token,
  );
  return id;
}

/** Every visible link's text and height on the page. */
const linkHeights = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((link) => ({ text: link.textContent?.trim() ?? '', height: link.getBoundingClientRect().height }))
      .filter((link) => link.height > 0),
  );

async function expectTallLinks(page: Page, where: string): Promise<void> {
  const links = await linkHeights(page);
  expect(links.length, where).toBeGreaterThan(0);
  expect(
    links.filter((link) => link.height + 0.5 < MIN_TAP_PX),
    where,
  ).toEqual([]);
}

/** Where the dialog's submit button stands against the viewport. */
async function submitInView(page: Page): Promise<boolean> {
  const box = await page.getByTestId('inbound-create-submit').boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}

/** Opens the inbound tab, searches the waybill and returns the row. */
async function inboundRow(page: Page, waybill: string) {
  await page.getByTestId('tab-inbound').click();
  await page.getByTestId('inbound-search').fill(waybill.toLowerCase());
  await expect.poll(() => page.getByTestId('inbound-row').count()).toBe(1);
  return page.getByTestId('inbound-row').first();
}

/** The create dialog: packing as a list, submit in view before and after its fields scroll. */
async function checkCreateDialog(page: Page, snap: (name: string) => Promise<void>): Promise<void> {
  await page.getByTestId('inbound-create-open').click();
  const dialog = page.getByTestId('inbound-create');
  await dialog.waitFor();
  expect(await page.getByTestId('inbound-create-package').evaluate((select) => select.tagName)).toBe('SELECT');
  expect(await submitInView(page)).toBe(true);
  await snap('create-dialog');
  await page.getByTestId('inbound-create-remark').focus();
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
  expect(await submitInView(page)).toBe(true);
  await snap('create-dialog-scrolled');
  await page.getByTestId('inbound-create-package').selectOption('木箱');
}

describe('warehouse issue 24', () => {
  const e2e = useE2E();

  it('at 375 px: links are 44 px tall, the short delivery is marked, the create dialog keeps its submit in view', async () => {
    const staff = await login(e2e.baseUrl, DEMO_WAREHOUSE.email, DEMO_WAREHOUSE.password);
    const waybill = `I24-PHONE-${Date.now()}`;
    const recordId = await shortRecord(e2e.baseUrl, staff, waybill);
    const { page, snap } = await e2e.page('phone', 'warehouse-issue-24-phone', { session: staff });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/stocks');
    await page.getByTestId('stocks-page').waitFor();
    await page.getByTestId('received').getByRole('searchbox').fill('i24-goods');
    await expect.poll(() => page.getByTestId('received').getByTestId('open-inbound').count()).toBeGreaterThan(0);
    await expectTallLinks(page, 'goods received');
    await page.getByTestId('tab-shipped').click();
    await page.getByTestId('shipped').getByRole('searchbox').fill('i24');
    await expect.poll(() => page.getByTestId('shipped').getByTestId('open-outbound').count()).toBeGreaterThan(0);
    await expectTallLinks(page, 'goods shipped');

    const row = await inboundRow(page, waybill);
    await seeText(row.getByTestId('pieces-difference'), '少收 3 件');
    await seeText(row, '托盘');
    await expectTallLinks(page, 'inbound list');
    await snap('inbound-list');
    await checkCreateDialog(page, snap);

    for (const path of [`/warehouse/in/${recordId}`, `/warehouse/box/${recordId}`, `/logistics/waybill/${recordId}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('breadcrumb').getByRole('link').waitFor();
      await expectTallLinks(page, path);
    }
    await page.goto(`/warehouse/in/${recordId}`);
    await seeText(page.getByTestId('pieces-difference'), '少收 3 件');
    await snap('inbound-detail');
    const outbound = await page.getByTestId('open-outbound').first().getAttribute('href');
    await page.goto(outbound!);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectTallLinks(page, 'outbound detail');
    await snap('outbound-detail');
  });

  it('at 1280 px: the difference is marked in the list and the create dialog submits with a packing type from the list', async () => {
    const staff = await login(e2e.baseUrl, DEMO_WAREHOUSE.email, DEMO_WAREHOUSE.password);
    const waybill = `I24-DESK-${Date.now()}`;
    await shortRecord(e2e.baseUrl, staff, waybill);
    const { page, snap } = await e2e.page('desktop', 'warehouse-issue-24-desktop', { session: staff });
    await page.goto('/stocks');
    await page.getByTestId('stocks-page').waitFor();
    const row = await inboundRow(page, waybill);
    await seeText(row.getByTestId('pieces-difference'), '少收 3 件');
    await snap('inbound-list');
    await checkCreateDialog(page, snap);
    for (const [field, value] of Object.entries({ waybill_id: `${waybill}-NEW`, client_code: 'I24', quantity: '2', weight: '3' }))
      await page.getByTestId(`inbound-create-${field}`).fill(value);
    const [created] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('inbound-create-submit').click()]);
    await created.getByTestId('inbound-page').waitFor();
    await seeText(created.getByTestId('inbound-page'), '木箱');
  });
});
