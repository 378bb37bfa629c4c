import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeQrPng } from '../api/support/decode-qr.js';
import { approvePending, findOrder, findRate, login, orderAwaitingDocuments, postJson, type Session } from './support/api.js';
import { withTinyPdf } from './support/files.js';
import { screenshots } from './support/screenshots.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS, DEMO_ADMIN, DEMO_SECOND_ADMIN } from './support/test-data.js';
import { seeText } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

const DEMO_AUDITOR = { email: 'auditor@example.com', password: 'auditor-demo-2026' };

/** A paid order (status 4) of the demo payer. */
async function paidOrder(baseUrl: string, dataDir: string, payer: Session, amount: string): Promise<string> {
  const id = await orderAwaitingDocuments(baseUrl, payer, INSTITUTIONS.tum.id, amount);
  const { cny_amount } = await findOrder(baseUrl, payer, id);
  await sendPaymentSucceeded(baseUrl, dataDir, id, cny_amount!);
  return id;
}

/** Opens the order page from its row: the table opens it in a new window. */
async function openOrderFromRow(page: Page, id: string): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.locator(`a[href="/manage/orders/${id}"]`).click()]);
  await popup.waitForLoadState();
  await popup.getByTestId('manage-order').waitFor();
  return popup;
}

async function setStatus(page: Page, status: number, label: string): Promise<void> {
  await page.getByTestId(`set-status-${status}`).click();
  await page.getByTestId('status-reason').fill(`e2e: ${label}`);
  await page.getByTestId('status-confirm-button').click();
  await seeText(page.getByTestId('order-status'), label);
}

describe('the back office', () => {
  const e2e = useE2E();

  it('an admin finds an order by pinyin, moves it 4 → 5 → 6 → 7; a visitor uploads through the link the admin switched on', async () => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const id = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, '4500');
    const { page, snap } = await e2e.page('desktop', 'manage-orders', { session: admin });
    await page.goto('/manage');
    await page.getByTestId('manage-page').waitFor();
    await page.getByTestId('orders-search').fill('zhangsanfeng');
    await page.locator(`a[href="/manage/orders/${id}"]`).waitFor();
    await snap('orders');
    const detail = await openOrderFromRow(page, id);
    const snapDetail = screenshots(detail, 'desktop', 'manage-order-detail');
    await seeText(detail.getByTestId('order-status'), '已转账');
    const offered = await detail.getByTestId('status-targets').getByRole('button').allInnerTexts();
    const { settable_statuses } = await postJson<{ settable_statuses: number[] }>(
      e2e.baseUrl,
      '/api/v1/manage/order/find',
      { id },
      admin.access_token,
    );
    expect(offered).toHaveLength(settable_statuses.length);
    await snapDetail('order-4');
    await setStatus(detail, 5, '银行确认收款中');
    await setStatus(detail, 6, '银行汇款中');
    await setStatus(detail, 7, '订单完成');
    await snapDetail('order-7');
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).status).toBe(7);

    const waiting = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '3600');
    await detail.goto(`/manage/orders/${waiting}`);
    await detail.getByTestId('upload-link-toggle').click();
    const linkUrl = await detail.getByTestId('upload-link-url').innerText();
    expect(linkUrl).toMatch(/\/upload_documents\/[A-Za-z0-9_-]{22,}$/);
    await detail.getByTestId('upload-link-copy').click();
    await snapDetail('upload-link');

    const { page: visitor } = await e2e.page('phone', 'manage-visitor-upload');
    await visitor.goto(new URL(linkUrl).pathname);
    // The file must stay on disk until the browser has sent it.
    await withTinyPdf('护照.pdf', async (file) => {
      await visitor.getByTestId('file-input').setInputFiles(file);
      await expect
        .poll(async () => (await findOrder(e2e.baseUrl, e2e.payer, waiting)).jsfile.map((entry) => entry.name), { timeout: 15_000 })
        .toContain('护照.pdf');
    });

    await detail.reload();
    await detail.getByTestId('open-attachments').click();
    await seeText(detail.getByTestId('attachments-dialog'), '护照.pdf');
    await snapDetail('attachments');
  });

  it('a raised EUR markup, once a second admin approves it, changes a new estimate, never a confirmed order; a new institution has a QR of its step-1 link', async () => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const secondAdmin = await login(e2e.baseUrl, DEMO_SECOND_ADMIN.email, DEMO_SECOND_ADMIN.password);
    // Proposals other files left waiting (a hand match, a large refund) are settled first: this test counts its own.
    await approvePending(e2e.baseUrl, secondAdmin);
    const confirmed = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '5000');
    const lockedCny = (await findOrder(e2e.baseUrl, e2e.payer, confirmed)).cny_amount;
    const rateBefore = await findRate(e2e.baseUrl, 'EUR');
    const { page, snap } = await e2e.page('desktop', 'manage-settings', { session: admin });
    await page.goto('/manage');
    await page.getByTestId('tab-markup').click();
    const eur = page.getByLabel('EUR', { exact: true });
    await eur.waitFor();
    await eur.fill('0.08');
    await page.getByTestId('markup-save').click();
    // A markup is a proposal until the second admin approves it (four eyes): no price moves before.
    await seeText(page.getByTestId('toast-success'), '已提交审批');
    await snap('markup');
    expect(await findRate(e2e.baseUrl, 'EUR')).toBe(rateBefore);
    expect(await approvePending(e2e.baseUrl, secondAdmin)).toBe(1);
    expect(Number(await findRate(e2e.baseUrl, 'EUR'))).toBeGreaterThan(Number(rateBefore));
    expect((await findOrder(e2e.baseUrl, e2e.payer, confirmed)).cny_amount).toBe(lockedCny);

    await page.getByTestId('tab-notice').click();
    await page.getByTestId('notice-form').waitFor();
    await snap('notice');
    await page.getByTestId('tab-users').click();
    await page.getByTestId('users-row').first().waitFor();
    await snap('users');
    await page.getByTestId('tab-partnerOrders').click();
    await page.getByTestId('partner-orders-row').first().waitFor();
    await snap('partner-orders');

    await page.getByTestId('tab-resources').click();
    await page.getByTestId('resource-add').click();
    const dialog = page.getByTestId('resource-dialog');
    const fields: Record<string, string> = {
      名称: '海德堡大学医院',
      英文名称: 'Heidelberg University Hospital',
      代码: 'UKHD',
      国家: 'Germany',
      '账号 / IBAN': 'DE89 3704 0044 0532 0130 01',
      账户名: 'Universitätsklinikum Heidelberg',
      开户行: 'Deutsche Bank',
      'SWIFT/BIC': 'DEUTDEFF',
    };
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByTestId('resource-save').click();
    await seeText(dialog, 'IBAN');
    await snap('resource-dialog-error');
    await dialog.getByLabel('账号 / IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
    await dialog.getByTestId('resource-save').click();
    await dialog.waitFor({ state: 'detached' });
    // A new institution with an account is a proposal too: it is listed once approved.
    await seeText(page.getByTestId('toast-success'), '已提交审批');
    expect(await approvePending(e2e.baseUrl, secondAdmin)).toBe(1);
    await page.getByTestId('resources-search').fill('heidelberg');
    const row = page.getByTestId('resources-row').filter({ hasText: '海德堡大学医院' });
    await row.waitFor();
    const id = Number(await row.locator('td').first().innerText());
    await row.getByTestId('resource-qr').click();
    await page.getByTestId('qr-image').waitFor();
    await snap('resource-qr');
    const png = await fetch(new URL(`/api/v1/manage/resources/${id}/qr.png`, e2e.baseUrl), {
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(decodeQrPng(Buffer.from(await png.arrayBuffer()))).toBe(`${e2e.baseUrl}/step/amount/?resource=${id}`);
  });

  it('an auditor sees everything and can change nothing; a payer opening /manage is refused', async () => {
    const auditor = await login(e2e.baseUrl, DEMO_AUDITOR.email, DEMO_AUDITOR.password);
    const id = await paidOrder(e2e.baseUrl, e2e.dataDir, e2e.payer, '3900');
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, snap } = await e2e.page(viewport, 'manage-auditor', { session: auditor });
      await page.goto('/manage');
      await page.getByTestId('read-only').waitFor();
      await page.locator(`a[href="/manage/orders/${id}"]`).waitFor();
      await snap('orders');
      await page.getByTestId('tab-resources').click();
      await page.getByTestId('resources-row').first().waitFor();
      expect(await page.getByTestId('resource-add').count()).toBe(0);
      expect(await page.getByTestId('resource-edit').count()).toBe(0);
      await snap('resources');
      await page.goto(`/manage/orders/${id}`);
      await page.getByTestId('manage-order').waitFor();
      expect(await page.getByTestId('status-targets').count()).toBe(0);
      expect(await page.getByTestId('upload-link-toggle').count()).toBe(0);
      await snap('order');
    }
    const refused = await fetch(new URL('/api/v1/manage/setStatus', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auditor.access_token}` },
      body: JSON.stringify({ id, status: 5 }),
    });
    expect(refused.status).toBe(403);

    const { page, snap } = await e2e.page('desktop', 'manage-payer', { session: e2e.payer });
    await page.goto('/manage');
    await page.getByTestId('manage-refused').waitFor();
    await snap('refused');
    expect(page.url()).toContain('/manage');
  });
});
