import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderAwaitingDocuments, postJson } from './support/api.js';
import { watchCspViolations, type CspViolations } from './support/csp-violations.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { button, main, seeText, shown } from './support/ui.js';

/** WeChat's QR login page, played in the login page's frame (nothing leaves the machine). */
async function playWeChatQrPage(page: Page): Promise<void> {
  await page.route('https://open.weixin.qq.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><meta charset="utf-8"><p>请使用微信扫描二维码登录</p>',
    }),
  );
}

/** The policy the page was served with; it must be the app's, strict one. */
function expectStrictPolicy(response: Response | null): void {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
}

/**
 * The app under its Content-Security-Policy (src/api/http/security-headers.ts): the screens, the
 * WeChat QR frame, radix's menu and dialog (which inject <style> elements), the QR payment image
 * (a data: URL) and the sandbox checkout's form post all run without one violation.
 */
describe('the Content-Security-Policy', () => {
  const e2e = useE2E();

  it('is sent with the pages, and a visitor sees home and login (with the QR frame) without a violation', async () => {
    const { page, snap } = await e2e.page('desktop', 'csp-visitor');
    const violations = await watchCspViolations(page);
    await playWeChatQrPage(page);

    const home = await violations.goto('/');
    expectStrictPolicy(home);
    expect(home?.headers()['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);
    // The server has a WeChat QR login app (global setup): its frame is the only one allowed.
    expect(home?.headers()['content-security-policy']).toContain('frame-src https://open.weixin.qq.com;');
    await seeText(page, '选择收款机构');
    await snap('home');

    expectStrictPolicy(await violations.goto('/login'));
    await page.frameLocator('iframe[title="微信扫码登录"]').getByText('请使用微信扫描二维码登录').waitFor();
    await snap('login');
    expect(await violations.collect()).toEqual([]);
  });

  it('lets a payer use a step page, the menu, the order page with its dialog and QR, and the sandbox checkout without a violation', async () => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '3000');
    const { page, snap } = await e2e.page('desktop', 'csp-payer', { session: e2e.payer });
    const violations = await watchCspViolations(page);

    expectStrictPolicy(await violations.goto(`/step/amount?resource=${INSTITUTIONS.tum.id}`));
    await seeText(page, INSTITUTIONS.tum.name);
    await openAndCloseUserMenu(page);
    await snap('step-amount');

    expectStrictPolicy(await violations.goto(`/order/${id}`));
    await seeText(page, '等待上传材料');
    await openAndCloseCancelDialog(page);
    // At status 2 the documents panel is the open one; the payment panel opens on its trigger.
    await button(page, /^付款/).click();
    await button(page, '微信支付').click();
    await main(page).locator('img[src^="data:image/"]').first().waitFor();
    await snap('order-with-qr');

    await payInSandboxCheckout(violations, page, id);
    await snap('sandbox-paid');
    expect(await violations.collect()).toEqual([]);
  });

  /** radix's DropdownMenu locks scrolling with an injected <style> element, which needs the page's nonce. */
  async function openAndCloseUserMenu(page: Page): Promise<void> {
    await shown(page.getByTestId('user-menu')).click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  }

  /** radix's AlertDialog does the same. */
  async function openAndCloseCancelDialog(page: Page): Promise<void> {
    await button(page, '取消订单').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '暂不取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The sandbox's own page (its own policy: one style element by hash) and its form, posting back. */
  async function payInSandboxCheckout(violations: CspViolations, page: Page, id: string): Promise<void> {
    const link = await postJson<string>(e2e.baseUrl, '/api/v1/step/order/makeGoallPayLink', { id }, e2e.payer.access_token);
    const checkout = await violations.goto(new URL(link).pathname);
    expect(checkout?.headers()['content-security-policy']).toMatch(/style-src 'sha256-/);
    await page.getByRole('heading', { name: '收银台' }).waitFor();
    // The form's post loads a new document: keep this one's violations first.
    await violations.collect();
    await page.getByRole('button', { name: /全额支付/ }).click();
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
  }
});
