import { createServer } from 'node:net';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { watchCspViolations } from './support/csp-violations.js';
import { screenshots, type Snap } from './support/screenshots.js';
import { startServer, type RunningServer } from './support/server.js';
import { button, fillByLabel, seeText, shown, waitForPath } from './support/ui.js';
import { snapshotWebBuild, type WebSnapshot } from './support/web-build.js';

/**
 * The staff's second factor in Chromium (DESIGN.md section 12): enrol a passkey through Chromium's
 * virtual authenticator (CDP WebAuthn) and sign in with it; enrol an authenticator app and sign in
 * with a code computed here with otplib. WebAuthn needs a host name for the relying party (an IP
 * address is none), so this file runs its own server with PUBLIC_BASE_URL http://localhost:<port>.
 */

const AUDITOR = { email: 'auditor@example.com', password: 'auditor-demo-2026' };
const WAREHOUSE = { email: 'warehouse@example.com', password: 'warehouse-demo-2026' };

/** A port free now, for the server to listen on (PUBLIC_BASE_URL must name it before it starts). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the second factor in Chromium', () => {
  let web: WebSnapshot;
  let server: RunningServer;
  let browser: Browser;
  let baseUrl: string;
  const pages: Page[] = [];

  beforeAll(async () => {
    web = await snapshotWebBuild();
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = await startServer(web.dir, { PORT: String(port), PUBLIC_BASE_URL: baseUrl });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await web?.remove();
  });

  const open = async (test: string): Promise<{ page: Page; snap: Snap }> => {
    const page = await openPage(browser, baseUrl, 'desktop');
    pages.push(page);
    return { page, snap: screenshots(page, 'desktop', test) };
  };

  const logIn = async (page: Page, account: { email: string; password: string }) => {
    await page.goto('/login');
    await shown(page.getByLabel('邮箱', { exact: true })).fill(account.email);
    await shown(page.getByLabel('密码', { exact: true })).fill(account.password);
    await button(page, '登录').click();
  };
  const logOut = async (page: Page) => {
    await shown(page.getByTestId('user-menu')).click();
    await page.getByRole('menuitem', { name: '退出登录', exact: true }).click();
    await seeText(page, '已退出登录');
  };
  const signedInAs = async (page: Page, email: string) => {
    await shown(page.getByTestId('user-menu')).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email)).toBe(email);
  };

  it('enrols a passkey in the virtual authenticator and signs in with it', async () => {
    const { page, snap } = await open('second-factor-passkey');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await logIn(page, WAREHOUSE);
    await signedInAs(page, WAREHOUSE.email);
    await shown(page.getByTestId('user-menu')).click();
    await page.getByRole('menuitem', { name: '账户安全' }).click();
    await waitForPath(page, '/account/security');
    await seeText(page, '未添加');
    await snap('security');
    await button(page, '添加通行密钥').click();
    await seeText(page, '已添加 1 个通行密钥');
    await snap('passkey-added');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    await logOut(page);
    await logIn(page, WAREHOUSE);
    await seeText(page, '第二重验证');
    await snap('second-step');
    await page.getByRole('button', { name: '使用通行密钥' }).click();
    await signedInAs(page, WAREHOUSE.email);
    await snap('signed-in');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const me = await fetch(`${baseUrl}/api/v1/auth/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(WAREHOUSE.email);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);
  });

  it('enrols an authenticator app, shows the recovery codes once, and signs in with a code', async () => {
    const { page, snap } = await open('second-factor-totp');
    const csp = await watchCspViolations(page);
    await logIn(page, AUDITOR);
    await signedInAs(page, AUDITOR.email);
    await page.goto('/account/security');
    await button(page, '设置验证器应用').click();
    await page.getByAltText('验证器应用的二维码').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await snap('totp-qr');
    await fillByLabel(page, '6 位验证码', await generate({ secret }));
    await button(page, '确认').click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await snap('recovery-codes');
    await button(page, '我已保存恢复码').click();
    await seeText(page, '已启用。剩余恢复码：10 个');

    await logOut(page);
    await logIn(page, AUDITOR);
    await seeText(page, '第二重验证');
    // The confirming code's time step is spent (no replay): the next step's code, which the server takes too.
    await shown(page.getByLabel('验证码', { exact: true })).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await snap('totp-code');
    await button(page, '验证').click();
    await signedInAs(page, AUDITOR.email);
    await snap('signed-in');
    // The QR image (a data: URL of the server's SVG) and the pages keep to the Content-Security-Policy.
    expect(await csp.collect()).toEqual([]);
  });
});
