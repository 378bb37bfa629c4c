import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOrder, login, orderAwaitingDocuments, postJson, type Session } from './support/api.js';
import { watchCspViolations } from './support/csp-violations.js';
import { REPO_ROOT } from './support/paths.js';
import { ORDER_EXPORT_COLUMNS } from '../../src/domain/contract/funds.js';
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

/**
 * Each viewport imports its own sample of the demo's statements (the same server serves both):
 * one entry of each matches its order in full, one short, one over, one matches nothing.
 */
const SAMPLES = {
  desktop: { file: 'demo.csv', unmatched: 'DEMO-CSV-0004', overpaid: '20260115-900013' },
  phone: { file: 'demo.camt053.xml', unmatched: 'DEMO-CAMT-0004', overpaid: '20260115-900003' },
} as const;

/** A demo order's id and funds, as an admin reads them. */
async function staffOrder(baseUrl: string, admin: Session, orderNo: string): Promise<{ id: string; balance_cny: string }> {
  const list = await postJson<{ data: { id: string; order_no: string }[] }>(
    baseUrl,
    '/api/v1/manage/orders',
    { keyword: orderNo },
    admin.access_token,
  );
  const id = list.data.find((row) => row.order_no === orderNo)!.id;
  const order = await postJson<{ funds: { balance_cny: string } }>(baseUrl, '/api/v1/manage/order/find', { id }, admin.access_token);
  return { id, balance_cny: order.funds.balance_cny };
}

/** The order ids of the CSV export for `query`, fetched with the admin's token: what the Excel file must list too. */
async function csvOrderIds(baseUrl: string, admin: Session, query: string): Promise<string[]> {
  const response = await fetch(new URL(`/api/v1/manage/orders/export.csv?${query}`, baseUrl), {
    headers: { authorization: `Bearer ${admin.access_token}` },
  });
  const [header, ...lines] = (await response.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const column = header!.split(',').indexOf('order_id');
  return lines.map((line) => line.split(',')[column]!);
}

/** The page is no wider than its layout: nothing makes a phone scroll sideways. */
const fitsTheLayout = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= Math.min(window.innerWidth, document.documentElement.clientWidth));

describe('the back office’s money, at 1280 and 375 px', () => {
  const e2e = useE2E();
  // Signed in once for the file: logins are rate-limited per account (10 a minute), and other files sign this admin in too.
  let adminSession: Session | undefined;
  const signedInAdmin = async () => (adminSession ??= await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password));

  it.each(['desktop', 'phone'] as const)(
    'the admin’s order page reads as a person reads it, and asks a reason to move it (%s)',
    async (viewport) => {
      const admin = await signedInAdmin();
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
    const admin = await signedInAdmin();
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

  it.each(['desktop', 'phone'] as const)(
    'the admin imports a statement, proposes a match, refunds an overpayment and exports the queue (%s)',
    async (viewport) => {
      const sample = SAMPLES[viewport];
      const admin = await signedInAdmin();
      const target = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, viewport === 'desktop' ? '4400' : '4500');
      const { page, snap } = await e2e.page(viewport, 'back-office-money-flow', { session: admin });

      await page.goto('/manage');
      await page.getByTestId('tab-reconciliation').click();
      await page.getByTestId('statement-file').setInputFiles(path.join(REPO_ROOT, 'samples', 'statements', sample.file));
      await page.getByTestId('statement-submit').click();
      await page.getByTestId('import-result').waitFor();
      await seeText(page.getByTestId('import-entries'), '5');
      await seeText(page.getByTestId('import-matched'), '3');
      await seeText(page.getByTestId('import-unmatched'), '1');
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('imported');

      await page.getByTestId('entries-search').fill(sample.unmatched);
      const entry = page.getByTestId('statement-entry').filter({ hasText: sample.unmatched });
      await entry.waitFor();
      await entry.getByTestId('entry-match').click();
      await page.getByTestId('entry-order').fill(target.id);
      await page.getByTestId('entry-reason').fill('付款人来电确认附言写错');
      await page.getByTestId('entry-submit').click();
      await seeText(page.getByTestId('entry-answer'), '已提交审批');
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('match-proposed');
      await page.keyboard.press('Escape');

      const over = await staffOrder(e2e.baseUrl, admin, sample.overpaid);
      expect(Number(over.balance_cny)).toBeGreaterThan(0);
      await page.goto(`/manage/orders/${over.id}`);
      await page.getByTestId('funds-panel').waitFor();
      await page.getByTestId('refund-open').click();
      await page.getByTestId('refund-amount').fill(over.balance_cny);
      await page.getByTestId('refund-reference').fill(`RF-${viewport}-0001`);
      await page.getByTestId('refund-reason').fill('多付退回');
      await snap('refund');
      await page.getByTestId('refund-submit').click();
      await expect.poll(async () => (await page.getByTestId('funds-entries').innerText()).includes(`RF-${viewport}-0001`)).toBe(true);
      await seeText(page.getByTestId('funds-balance'), '已结清');
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('refunded');

      await page.goto('/manage');
      await page.getByTestId('status-chip-4').click();
      await page.getByTestId('orders-row').first().waitFor();
      const href = await page.getByTestId('export-csv').getAttribute('href');
      expect(new URL(href!, e2e.baseUrl).searchParams.get('status')).toBe('4');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      const header = csv
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0]!
        .split(',');
      expect(header).toContain('order_no');
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('export');
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'the dashboard charts the last 30 days and the funnel, and fits the screen (%s)',
    async (viewport) => {
      const admin = await signedInAdmin();
      await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, viewport === 'desktop' ? '4600' : '4700');
      const { page, snap } = await e2e.page(viewport, 'back-office-dashboard', { session: admin });
      const violations = await watchCspViolations(page);
      await violations.goto('/manage');
      const dashboard = page.getByTestId('dashboard');
      await dashboard.waitFor();
      // Both charts drew (uPlot's canvas, from the lazy chunk), each no wider than the page.
      for (const chart of ['dashboard-received', 'dashboard-orders']) {
        const canvas = page.getByTestId(chart).locator('canvas');
        await canvas.waitFor();
        expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1280);
      }
      expect(await page.getByTestId('dashboard-received-summary').innerText()).toMatch(/^共收到 CNY\s[\d,]+\.\d{2}。EUR 订单：CNY\s/);
      expect(await page.getByTestId('dashboard-orders-summary').innerText()).toMatch(/^共 \d+ 个新订单。EUR：\d+ 个/);
      expect(Number((await page.getByTestId('funnel-paid').innerText()).match(/\d+/)![0])).toBeGreaterThan(0);
      // The figures as a table for screen readers: today (China time) with CNY received.
      const table = page.getByTestId('dashboard-table');
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await table.innerText()).toMatch(/CNY\s[\d,]+\.\d{2}/);
      expect(await page.getByRole('figure', { name: /^每日收款/ }).count()).toBe(1);
      expect(await fitsTheLayout(page)).toBe(true);
      await dashboard.scrollIntoViewIfNeeded();
      expect(await page.getByTestId('dashboard-orders').locator('.u-legend').innerText()).toMatch(/EUR\s*:?\s*\d+/);
      await snap('dashboard');
      // The legend names the day and each currency's figure under the pointer.
      const received = page.getByTestId('dashboard-received').locator('.u-over');
      const box = (await received.boundingBox())!;
      await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
      await expect.poll(() => page.getByTestId('dashboard-received').locator('.u-legend').innerText()).toMatch(/CNY\s[\d,]+\.\d{2}/);
      await snap('dashboard-today');
      // uPlot's stylesheet and the styles it sets keep to the strict policy.
      expect(await violations.collect()).toEqual([]);
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'the Excel export downloads a workbook exceljs opens, with the queue’s rows (%s)',
    async (viewport) => {
      const admin = await signedInAdmin();
      const order = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, viewport === 'desktop' ? '4800' : '4900');
      const { page, snap } = await e2e.page(viewport, 'back-office-excel', { session: admin });
      await page.goto('/manage');
      await page.getByTestId('status-chip-4').click();
      await page.getByTestId('orders-row').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await download.path())!);
      const rows = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((row) => row.slice(1));
      expect(rows[0]).toEqual(ORDER_EXPORT_COLUMNS);
      const column = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name);
      const body = rows.slice(1);
      expect(body.length).toBeGreaterThan(0);
      expect(new Set(body.map((row) => row[column('status')]))).toEqual(new Set(['4']));
      const query = new URL((await page.getByTestId('export-xlsx').getAttribute('href'))!, e2e.baseUrl).searchParams;
      expect(query.get('status')).toBe('4');
      expect(body.map((row) => row[column('order_id')])).toEqual(await csvOrderIds(e2e.baseUrl, admin, query.toString()));
      const mine = body.find((row) => row[column('order_no')] === order.order_no)!;
      expect(mine[column('order_id')]).toBe(order.id);
      expect(mine[column('currency')]).toBe('EUR');
      expect(Number(mine[column('received_cny')])).toBeGreaterThan(0);
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('exported');
    },
  );
});
