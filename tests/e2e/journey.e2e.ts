import { describe, expect, it } from 'vitest';
import { findOrder, findRate } from './support/api.js';
import { withTinyPdf } from './support/files.js';
import { chooseInstitution } from './support/institution-choice.js';
import { cnyOf } from './support/money.js';
import { expectPayBanner, declareTransfer, finishUpload, uploadDocument } from './support/order-screen.js';
import { checkSummary, choosePaymentMethod, enterAmount, fillPayer, fillRecipient } from './support/step-screens.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { seeText, waitForPath } from './support/ui.js';

/**
 * The payer's whole journey (SPEC.md section 2 and 4, "Flow"): home → choose an institution →
 * amount → recipient → payer → check → WeChat scan payment → order page → upload a PDF →
 * 'finish upload' → bank transfer declared ('I have transferred', confirmed) → 已转账. At desktop and at 375 px.
 */
describe('the payer journey', () => {
  const e2e = useE2E();
  const tum = INSTITUTIONS.tum;
  const amounts = { desktop: '5000', phone: '3500.50' } as const;

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`goes from the home page to a transferred order (${viewport})`, async () => {
      const amount = amounts[viewport];
      const estimate = cnyOf(amount, await findRate(e2e.baseUrl, tum.currency));
      const { page, snap } = await e2e.page(viewport, 'journey', { session: e2e.payer });

      await page.goto('/?from=e2e');
      await seeText(page, '选择收款机构');
      await snap('home');
      await chooseInstitution(page, viewport, snap, 'Munich', tum.nameEn);
      const amountUrl = await waitForPath(page, /^\/step\/amount\/?$/);
      expect(Object.fromEntries(amountUrl.searchParams)).toMatchObject({ resource: String(tum.id), from: 'e2e' });

      const id = await enterAmount(page, snap, tum, amount, estimate);
      await fillRecipient(page, snap, id);
      await fillPayer(page, snap, id);
      await checkSummary(page, snap, id, { institution: tum.name, currency: tum.currency, amount });

      const confirmed = await findOrder(e2e.baseUrl, e2e.payer, id);
      expect(confirmed.status).toBe(1);
      const cny = confirmed.cny_amount ?? estimate;
      await choosePaymentMethod(page, snap, id, cny, '银行转账');

      const order = { page, snap, baseUrl: e2e.baseUrl, session: e2e.payer, id };
      await expectPayBanner(order, cny);
      await withTinyPdf('e2e-bill.pdf', (file) => uploadDocument(order, file));
      await finishUpload(order);
      await declareTransfer(order, cny);
    });
  }
});
