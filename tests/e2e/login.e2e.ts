import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MINT_PATH, type StandInPerson } from '../api/support/wechat-stand-in.js';
import { useE2E } from './support/suite.js';
import { DEMO_PAYER } from './support/test-data.js';
import { button, currentUrl, seeText, shown, waitForPath } from './support/ui.js';

const wechat = inject('wechat');

/** A login code for this person from the WeChat stand-in the server exchanges codes with. */
async function mintCode(person: StandInPerson): Promise<string> {
  const response = await fetch(`${wechat.url}${MINT_PATH}`, { method: 'POST', body: JSON.stringify(person) });
  return ((await response.json()) as { code: string }).code;
}

/**
 * Plays WeChat's own pages in this browser page (nothing leaves the machine): the authorise page
 * sends the window straight back with a code; the QR page, shown in the login page's frame, has a
 * button standing for "scanned and confirmed on the phone" that sends the whole window back, as
 * WeChat's does. Returns the URLs the login page opened at WeChat.
 */
async function playWeChat(page: Page, person: StandInPerson): Promise<URL[]> {
  const opened: URL[] = [];
  await page.route('https://open.weixin.qq.com/**', async (route) => {
    const url = new URL(route.request().url());
    opened.push(url);
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', await mintCode(person));
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    const script = url.pathname.endsWith('/authorize')
      ? `location.replace(${JSON.stringify(back.href)})`
      : `document.getElementById('done').onclick = () => { window.top.location.href = ${JSON.stringify(back.href)}; }`;
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><meta charset="utf-8"><button id="done">已扫码并确认</button><script>${script}</script>`,
    });
  });
  return opened;
}

/**
 * SPEC.md "Login": WeChat login (the authorise button inside WeChat, the provider's QR frame
 * elsewhere, the code submitted on return) and email login. The server is configured with two
 * WeChat apps whose OAuth API is a local stand-in (see the global setup).
 */
describe('login', () => {
  const e2e = useE2E();

  it("inside the WeChat browser: '点击授权登录', back with a code, logged in at the redirect target", async () => {
    const { page, snap } = await e2e.page('wechat', 'login-wechat');
    const opened = await playWeChat(page, { appId: wechat.mpAppId, openid: 'e2e-mp-openid', unionid: 'e2e-union-1', nickname: '微信小王' });
    await page.goto('/login?redirect=%2Forders');
    const authorise = shown(page.getByRole('button', { name: '点击授权登录' }));
    await authorise.waitFor();
    await snap('login');
    await authorise.click();
    await waitForPath(page, '/orders');
    await seeText(page, '我的订单');
    expect(currentUrl(page).search).toBe('');
    expect(opened[0]?.pathname).toBe('/connect/oauth2/authorize');
    expect(opened[0]?.searchParams.get('appid')).toBe(wechat.mpAppId);
    expect(opened[0]?.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({ name: '微信小王', email: null });
    await snap('my-orders');
  });

  it('outside WeChat: the QR frame, confirmed on the phone, logs the whole window in', async () => {
    const { page, snap } = await e2e.page('desktop', 'login-qr');
    const opened = await playWeChat(page, {
      appId: wechat.openAppId,
      openid: 'e2e-open-openid',
      unionid: 'e2e-union-2',
      nickname: '扫码用户',
    });
    await page.goto('/login');
    const confirm = page.frameLocator('iframe[title="微信扫码登录"]').getByRole('button', { name: '已扫码并确认' });
    await confirm.waitFor();
    await snap('login');
    await confirm.click();
    await waitForPath(page, '/');
    await seeText(page, '扫码用户');
    expect(opened[0]?.pathname).toBe('/connect/qrconnect');
    expect(opened[0]?.searchParams.get('appid')).toBe(wechat.openAppId);
    expect(opened[0]?.searchParams.get('scope')).toBe('snsapi_login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    await snap('home-logged-in');
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
