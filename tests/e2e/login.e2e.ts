import { describe, expect, it } from 'vitest';
import { useE2E } from './support/suite.js';
import { DEMO_PAYER } from './support/test-data.js';
import { button, currentUrl, seeText, shown, waitForPath } from './support/ui.js';

const NOT_CONFIGURED = '微信登录暂未配置，请使用邮箱登录。';

/**
 * SPEC.md "Login": WeChat login (the authorise button inside WeChat, a QR frame elsewhere) and
 * email login. The WeChat app ids are build-time settings (VITE_WECHAT_MP_APP_ID,
 * VITE_WECHAT_OPEN_APP_ID); without them the page says WeChat login is not configured, and the
 * WeChat test is skipped. The authorise button is never clicked: the tests reach nothing but the server.
 */
describe('login', () => {
  const e2e = useE2E();

  it("offers '点击授权登录' inside the WeChat browser", async (context) => {
    const { page, snap } = await e2e.page('wechat', 'login-wechat');
    await page.goto('/login');
    const authorise = shown(page.getByRole('button', { name: '点击授权登录' }));
    await authorise.or(shown(page.getByText(NOT_CONFIGURED))).first().waitFor();
    await snap('login');
    if (!(await authorise.count())) context.skip('the web build has no VITE_WECHAT_MP_APP_ID: WeChat login is not configured');
  });

  it('logs the demo payer in by email and goes to the redirect target', async () => {
    const { page, snap } = await e2e.page('desktop', 'login-email');
    await page.goto('/login?redirect=%2Forders');
    await seeText(page, '邮箱登录');
    await snap('login');
    await shown(page.getByLabel('邮箱', { exact: true })).fill(DEMO_PAYER.email);
    await shown(page.getByLabel('密码', { exact: true })).fill(DEMO_PAYER.password);
    await button(page, '登录').click();
    await waitForPath(page, '/orders');
    await seeText(page, '我的订单');
    expect(currentUrl(page).search).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    await snap('my-orders');
  });
});
