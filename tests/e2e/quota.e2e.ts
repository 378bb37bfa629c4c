import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { postJson } from './support/api.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS, PATIENT, RECIPIENT } from './support/test-data.js';
import { button, shown } from './support/ui.js';

/** Nothing is wider than the screen: a 375 px phone scrolls only down. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= Math.min(window.innerWidth, document.documentElement.clientWidth));

/** DESIGN.md section 11, "Quota", in the browser: the USD line and its warning on steps 1 and 4, at desktop and 375 px. */
describe('the USD quota line', () => {
  const e2e = useE2E();
  const tum = INSTITUTIONS.tum;

  it.each(['desktop', 'phone'] as const)(
    'step 1 follows the typed amount and warns beyond USD 50,000 without blocking (%s)',
    async (viewport) => {
      const { page, snap } = await e2e.page(viewport, 'quota-amount', { session: e2e.payer });
      await page.goto(`/step/amount/?resource=${tum.id}&from=e2e`);
      const amount = shown(page.getByLabel(/^汇款金额/));
      await amount.fill('3000');
      const quota = page.getByTestId('quota');
      await quota
        .getByTestId('quota-order')
        .filter({ hasText: /^约合 USD\s3,4\d\d\.\d\d$/ })
        .waitFor();
      await quota
        .getByTestId('quota-year')
        .filter({ hasText: /年已用 USD\s[\d,]+\.\d\d \/ USD\s50,000\.00$/ })
        .waitFor();
      expect(await quota.getByTestId('quota-note').textContent()).toMatch(/^计入额度的是：您本人在 \d{4} 年（北京时间）确认汇率/);

      await amount.fill('900000');
      await quota.getByTestId('quota-warning').waitFor();
      expect(await button(page, '下一步').isEnabled()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await snap('beyond-allowance');
    },
  );

  it.each(['desktop', 'phone'] as const)("step 4 shows the order's figures with the warning (%s)", async (viewport) => {
    const token = e2e.payer.access_token;
    const { id } = await postJson<{ id: string }>(
      e2e.baseUrl,
      '/api/v1/step/amount/create',
      { resource: tum.id, amount: '60000', from: 'e2e' },
      token,
    );
    await postJson(e2e.baseUrl, '/api/v1/step/accept/update', { id, ...RECIPIENT.payload }, token);
    await postJson(e2e.baseUrl, '/api/v1/step/send/update', { id, ...PATIENT.payload }, token);
    const figures = await postJson<{ order_usd: string }>(e2e.baseUrl, '/api/v1/step/quota', { id }, token);

    const { page, snap } = await e2e.page(viewport, 'quota-check', { session: e2e.payer });
    await page.goto(`/step/check/${id}`);
    const quota = page.getByTestId('quota');
    await quota.getByTestId('quota-warning').waitFor();
    const shownUsd = (await quota.getByTestId('quota-order').textContent())!.replace(/[^\d.]/g, '');
    expect(shownUsd).toBe(figures.order_usd);
    expect(await button(page, '确认订单并锁定汇率').isEnabled()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap('order-beyond-allowance');
  });
});
