import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, postJson, type Session } from './support/api.js';
import type { ViewportName } from './support/browser.js';
import { continuePastLookalike } from './support/lookalike.js';
import { useE2E } from './support/suite.js';
import { DEMO_ADMIN, INSTITUTIONS, PATIENT, RECIPIENT } from './support/test-data.js';
import { smallTargets } from './support/tap-targets.js';
import { main, mainText, seeText, shown, waitForPath } from './support/ui.js';

/** What each language must show; the texts are the app's own, written out so a wrong one fails. */
const LANGUAGES = {
  'zh-CN': {
    receives: '悉尼大学 将收到',
    notice: '银行工作时间为 9:00-16:00',
    bsb: 'BSB 号码',
    price: '金额与汇率',
    markup: /\n\d+(\.\d+)?%\n/,
    cny: /CNY\s[\d,]+\.\d\d/,
    window: '确认后 72 小时内完成支付',
    next: '下一步',
    confirm: '确认订单并锁定汇率',
    back: '返回修改金额',
    transfer: '选择银行转账',
    orderNo: /订单号：\d{8}-\d{6}/,
    cancel: '取消订单',
    cancelConfirm: '确认取消',
    cancelled: '订单已取消',
    terms: '《用户服务协议》',
    uploadNote: '支持 PDF / JPG / PNG / ZIP，单个文件不超过 15MB',
    declare: '我已完成转账',
    declareConfirm: '确认已转账',
    transferred: '已转账',
    lastStep: '汇款完成',
  },
  'en-US': {
    receives: 'The University of Sydney will receive',
    notice: 'Bank hours are 9:00-16:00 Beijing time',
    bsb: 'BSB code',
    price: 'Amount and rate',
    markup: /\n\d+(\.\d+)?%\n/,
    cny: /CNY\s[\d,]+\.\d\d/,
    window: 'Pay within 72 hours of confirming',
    next: 'Next',
    confirm: 'Confirm and lock the rate',
    back: 'Back to the amount',
    transfer: 'Select Bank transfer',
    orderNo: /Order no\.: \d{8}-\d{6}/,
    cancel: 'Cancel order',
    cancelConfirm: 'Cancel order',
    cancelled: 'Order cancelled',
    terms: 'Terms of Service',
    uploadNote: 'Supports PDF / JPG / PNG / ZIP, each file under 15 MB',
    declare: 'I have transferred',
    declareConfirm: 'Yes, I have transferred',
    transferred: 'Transferred',
    lastStep: 'Remittance complete',
  },
  'de-DE': {
    receives: 'The University of Sydney erhält',
    // No German notice is set: German readers read the Chinese one.
    notice: '银行工作时间为 9:00-16:00',
    bsb: 'BSB-Code',
    price: 'Betrag und Kurs',
    markup: /\n\d+(,\d+)?\s%\n/,
    cny: /[\d.]+,\d\d\sCNY/,
    window: 'Zahlen Sie innerhalb von 72 Stunden',
    next: 'Weiter',
    confirm: 'Bestätigen und Kurs festschreiben',
    back: 'Zurück zum Betrag',
    transfer: 'Banküberweisung auswählen',
    orderNo: /Auftragsnr\.: \d{8}-\d{6}/,
    cancel: 'Auftrag stornieren',
    cancelConfirm: 'Stornieren',
    cancelled: 'Auftrag storniert',
    terms: 'Nutzungsbedingungen',
    uploadNote: 'PDF / JPG / PNG / ZIP, jede Datei höchstens 15 MB',
    declare: 'Ich habe überwiesen',
    declareConfirm: 'Ja, ich habe überwiesen',
    // Status 4 and the last of the four steps share no word (they once were both 'Überwiesen').
    transferred: 'Überwiesen',
    lastStep: 'Erledigt',
  },
} as const;
type Language = keyof typeof LANGUAGES;

/** A Sydney (AUD, preset account) draft with every detail filled in through the API. */
async function filledSydneyDraft(baseUrl: string, payer: Session): Promise<string> {
  const token = payer.access_token;
  const { id } = await postJson<{ id: string }>(
    baseUrl,
    '/api/v1/step/amount/create',
    { resource: INSTITUTIONS.sydney.id, amount: '3000' },
    token,
  );
  await postJson(baseUrl, '/api/v1/step/accept/update', { id, ...RECIPIENT.payload }, token);
  await postJson(baseUrl, '/api/v1/step/send/update', { id, ...PATIENT.payload }, token);
  return id;
}

async function inLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((locale) => localStorage.setItem('locale', locale), language);
}

describe('the payer journey in three languages at 1280 px and 375 px', () => {
  const e2e = useE2E();

  beforeAll(async () => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { notice } = await postJson<{ notice: string }>(e2e.baseUrl, '/api/v1/manage/config/findNotice', {}, admin.access_token);
    await postJson(
      e2e.baseUrl,
      '/api/v1/manage/config/updateNotice',
      { notice, notice_en: LANGUAGES['en-US'].notice, notice_de: '' },
      admin.access_token,
    );
  });

  const runs = (['zh-CN', 'en-US', 'de-DE'] as const).flatMap((language) =>
    (['desktop', 'phone'] as const).map((viewport) => [language, viewport] as const),
  );

  it.each(runs)(
    '%s at %s: names, notice, preset BSB, the review, no way back, order number, open panel, the transfer declaration, cancelling a draft, tap targets',
    async (language: Language, viewport: ViewportName) => {
      const text = LANGUAGES[language];
      const { page, snap } = await e2e.page(viewport, `languages-${language}`, { session: e2e.payer });
      await inLanguage(page, language);
      // At 375 px every control of every screen is a 44×44 px tap target, whatever the language's word lengths.
      const expectTapTargets = async (screen: string) => {
        if (viewport === 'phone') expect({ [screen]: await smallTargets(page) }).toEqual({ [screen]: [] });
      };

      // Step 1: the institution's name in the reader's language, the notice in theirs or Chinese.
      await page.goto(`/step/amount/?resource=${INSTITUTIONS.sydney.id}`);
      await seeText(page, text.receives);
      await seeText(page, text.notice);
      await expectTapTargets('step1');
      await snap('step1');

      // Step 2: the preset Sydney account, BSB included, filled and read-only.
      const id = await filledSydneyDraft(e2e.baseUrl, e2e.payer);
      await page.goto(`/step/accept/${id}`);
      const bsb = page.getByLabel(new RegExp(`^${text.bsb}`)).first();
      await expect.poll(() => bsb.inputValue(), { timeout: 10_000 }).toBe('062000');
      expect(await bsb.getAttribute('readonly')).not.toBeNull();
      await expectTapTargets('step2');
      await snap('step2-preset');

      // Step 4: the account, the rate, the markup, the CNY amount to lock and the time to pay.
      await page.goto(`/step/check/${id}`);
      await seeText(page, text.price);
      const review = await mainText(page);
      expect(review).toContain('062000');
      expect(review).toContain('CTBAAU2S');
      expect(review).toContain('1 AUD = ');
      expect(review).toMatch(text.markup);
      expect(review).toMatch(text.cny);
      expect(review).toContain(text.window);
      await expectTapTargets('step4');
      await snap('step4-review');
      await main(page).getByRole('button', { name: text.confirm, exact: true }).click();

      // Step 5 after confirming (past the warning the earlier runs' Sydney orders raise): the amount is locked, so no way back.
      await continuePastLookalike(page, `/step/pay/${id}`);
      await main(page).getByRole('button', { name: text.transfer }).waitFor();
      expect(
        await main(page)
          .getByRole('link', { name: new RegExp(text.back) })
          .count(),
      ).toBe(0);
      await snap('step5-pay');
      await main(page).getByRole('button', { name: text.transfer }).click();

      // The order page: the readable order number; at status 2 the documents panel is the open one.
      await waitForPath(page, `/order/${id}`);
      await seeText(page, text.orderNo);
      expect(await page.getByTestId('panel-2').getAttribute('data-state')).toBe('open');
      await seeText(page, text.uploadNote);
      await expectTapTargets('order');
      await snap('order');

      // The bank transfer is the payer's declaration, confirmed first; the page follows without a reload.
      await shown(main(page).getByRole('button', { name: text.declare, exact: true })).click();
      const declaration = page.getByRole('alertdialog');
      expect(await declaration.innerText()).toMatch(text.cny);
      await snap('declare-dialog');
      await declaration.getByRole('button', { name: text.declareConfirm, exact: true }).click();
      await seeText(main(page), text.transferred);
      const progress = await mainText(page);
      expect(progress).toContain(text.lastStep);
      expect(text.lastStep.split(/\s+/).some((word) => text.transferred.includes(word))).toBe(false);
      await snap('declared');

      // My orders: a draft is cancelled from the list, after a confirmation.
      const { id: draft } = await postJson<{ id: string }>(
        e2e.baseUrl,
        '/api/v1/step/amount/create',
        { resource: INSTITUTIONS.sydney.id, amount: '3333' },
        e2e.payer.access_token,
      );
      await page.goto('/orders');
      const row = main(page)
        .getByTestId('order-row')
        .filter({ has: page.getByRole('link', { name: new RegExp('3,333|3.333') }) })
        .first();
      await row.getByRole('button', { name: new RegExp(`^${text.cancel}`) }).click();
      await snap('orders-cancel-dialog');
      await page.getByRole('alertdialog').getByRole('button', { name: text.cancelConfirm, exact: true }).click();
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(text.cancelled);
      await expectTapTargets('orders');
      await snap('orders-cancelled');
      expect(draft).toBeTruthy();

      // Register, signed out: the agreement's titles link to the texts.
      const { page: guest, snap: guestSnap } = await e2e.page(viewport, `languages-${language}-register`);
      await inLanguage(guest, language);
      await guest.goto('/register');
      const terms = guest.getByRole('link', { name: text.terms });
      expect(await terms.getAttribute('href')).toBe('/terms');
      if (viewport === 'phone') expect(await smallTargets(guest)).toEqual([]);
      await guestSnap('register');
    },
  );
});
