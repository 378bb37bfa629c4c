import { describe, expect, it } from 'vitest';
import { useE2E } from './support/suite.js';
import { currentUrl, languageSelect, seeText, waitForPath } from './support/ui.js';

/** What exists before any screen: the server, the app shell (header, footer), the router. */
describe('smoke', () => {
  const e2e = useE2E();

  it('the server answers /healthz', async () => {
    const response = await fetch(new URL('/healthz', e2e.baseUrl), { signal: AbortSignal.timeout(10_000) });
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', eventStore: 'ok', projections: 'ok' });
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`renders the home page with header, language select and footer (${viewport})`, async () => {
      const { page, snap } = await e2e.page(viewport, 'smoke-home');
      await page.goto('/');
      await seeText(page, '海外医疗缴费');
      await seeText(page, '京ICP备2020012345号-1');
      await languageSelect(page).waitFor();
      expect(await languageSelect(page).getAttribute('aria-label')).toBe('语言: 中文');
      expect(await page.title()).toBe('海外医疗缴费');
      await snap('home');
    });
  }

  it("shows '404 页面不存在' on an unknown path", async () => {
    const { page, snap } = await e2e.page('desktop', 'smoke-not-found');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 页面不存在' }).waitFor();
    await snap('page');
  });

  it('sends a visitor of /orders to /login?redirect=%2Forders', async () => {
    const { page, snap } = await e2e.page('desktop', 'smoke-orders');
    await page.goto('/orders');
    await waitForPath(page, '/login');
    expect(currentUrl(page).search).toBe('?redirect=%2Forders');
    await snap('redirected-to-login');
  });
});
