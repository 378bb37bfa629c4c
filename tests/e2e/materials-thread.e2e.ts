import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { findOrder, login, orderAwaitingDocuments, postJson, type Session } from './support/api.js';
import type { ViewportName } from './support/browser.js';
import { withTinyPdf } from './support/files.js';
import { useE2E } from './support/suite.js';
import { DEMO_SECOND_ADMIN, INSTITUTIONS } from './support/test-data.js';
import { chooseLanguage, seeText, waitForPath } from './support/ui.js';
import { sendMaterialsRequested, sendPaymentSucceeded } from './support/webhook.js';

/** What each language must show; the app's own texts, written out so a wrong one fails. */
const LANGUAGES = {
  'zh-CN': {
    name: '中文',
    note: '请补充护照首页及录取通知书',
    noticeTitle: '需要补充材料',
    send: '发送留言',
    payerWrites: '护照首页已上传，请查收。',
    adminWrites: '已收到，银行审核中。',
    toAnswer: '待回复',
    topUp: '还需支付 CNY 1,000.00',
    amountToPay: 'CNY 1,000.00',
    cancellation: /取消/,
    authentic: '真实有效',
    notOurs: '非本平台开具',
  },
  'en-US': {
    name: 'English',
    note: 'Please add the first page of the passport',
    noticeTitle: 'more materials needed',
    send: 'Send message',
    payerWrites: 'The passport page is uploaded.',
    adminWrites: 'Received, the bank is checking it.',
    toAnswer: 'To answer',
    topUp: 'CNY 1,000.00 still to pay',
    amountToPay: 'CNY 1,000.00',
    cancellation: /cancel/i,
    authentic: 'Authentic',
    notOurs: 'Not issued by us',
  },
  'de-DE': {
    name: 'Deutsch',
    note: 'Bitte die erste Seite des Reisepasses nachreichen',
    noticeTitle: 'weitere Unterlagen nötig',
    send: 'Nachricht senden',
    payerWrites: 'Die Passseite ist hochgeladen.',
    adminWrites: 'Erhalten, die Bank prüft sie.',
    toAnswer: 'Zu beantworten',
    topUp: 'noch zu zahlen: 1.000,00 CNY',
    amountToPay: '1.000,00 CNY',
    cancellation: /storn/i,
    authentic: 'Echt',
    notOurs: 'Nicht von uns ausgestellt',
  },
} as const;
type Language = keyof typeof LANGUAGES;

const RUNS = (Object.keys(LANGUAGES) as Language[]).flatMap((language) =>
  (['desktop', 'phone'] as const).map((viewport) => [language, viewport] as const),
);

/** Text as a person reads it: a no-break space is a space. */
const spaced = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** Reading in a language without choosing it in the menu (the admin's pages). */
const readIn = (page: Page, language: Language) => page.addInitScript((locale) => localStorage.setItem('locale', locale), language);

/** Opens the bell until it lists the notice (the notifier writes it a moment after the event), then opens the notice. */
async function openNotice(page: Page, orderNo: string, title: string, snap: (name: string) => Promise<unknown>): Promise<void> {
  for (let tries = 0; tries < 10; tries += 1) {
    await page.getByTestId('notification-bell').click();
    const notice = page.getByTestId('notification-item').filter({ hasText: orderNo }).filter({ hasText: title }).first();
    const listed = await notice
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (listed) {
      await snap('notice');
      await notice.click();
      return;
    }
    await page.reload();
  }
  throw new Error(`the bell lists no notice "${title}" for ${orderNo}`);
}

const setNoticeLanguage = (baseUrl: string, session: Session, locale: Language) =>
  postJson(baseUrl, '/api/v1/notifications/preferences', { locale }, session.access_token);

/**
 * Issue 24's proof in the browser, in zh-CN, en-US and de-DE at 1280 and 375 px: the bank asks for
 * materials; the payer reads its note and the notification, answers with a file and a message; the
 * admin finds the order in the "to answer" queue and replies. A short payment shows the shortfall and
 * threatens no cancellation; a completed order's receipt downloads and its public page says authentic.
 */
describe('the bank note, the thread, what is still due and the receipt, in three languages', () => {
  const e2e = useE2E();
  // The second demo admin, signed in once: logins are rate-limited per account, and other files sign the first one in.
  let admin: Session | undefined;
  const adminSession = async () => (admin ??= await login(e2e.baseUrl, DEMO_SECOND_ADMIN.email, DEMO_SECOND_ADMIN.password));
  // Other files read the demo payer's notices in Chinese.
  afterAll(() => setNoticeLanguage(e2e.baseUrl, e2e.payer, 'zh-CN'));

  /** The payer's page in the language, chosen through the header's menu (which also sets their notices' language). */
  async function payerPage(language: Language, viewport: ViewportName, test: string) {
    const opened = await e2e.page(viewport, test, { session: e2e.payer });
    await opened.page.goto('/orders');
    if (language === 'zh-CN') await setNoticeLanguage(e2e.baseUrl, e2e.payer, language);
    else await chooseLanguage(opened.page, LANGUAGES[language].name);
    await seeText(opened.page.getByRole('main'), language === 'zh-CN' ? '我的订单' : /My orders|Meine Aufträge/);
    return opened;
  }

  it.each(RUNS)(
    '%s at %s: the payer answers the bank note with a file and a message; the admin finds it and replies',
    async (language, viewport) => {
      const text = LANGUAGES[language];
      const payer = await payerPage(language, viewport, `materials-${language}`);
      const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4200');
      const order = await findOrder(e2e.baseUrl, e2e.payer, id);
      const orderNo = String(order['order_no']);
      await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, order.cny_amount!);
      await sendMaterialsRequested(e2e.baseUrl, e2e.dataDir, id, text.note);

      // The notice, in the payer's language, opens the order.
      await openNotice(payer.page, orderNo, text.noticeTitle, payer.snap);
      await waitForPath(payer.page, `/order/${id}`);

      // The bank's note above the thread; a file and a message in answer.
      const thread = payer.page.getByTestId('order-thread');
      await thread.getByTestId('bank-note').filter({ hasText: text.note }).waitFor();
      const fileName = `passport-${language}-${viewport}.pdf`;
      await withTinyPdf(fileName, async (file) => {
        await payer.page.getByTestId('documents-panel').locator('input[type="file"]').first().setInputFiles(file);
        await seeText(payer.page.getByTestId('documents-panel'), fileName, 15_000);
        // The name shows while the file travels; the file must stay on disk until the order lists it.
        await expect
          .poll(async () => (await findOrder(e2e.baseUrl, e2e.payer, id)).jsfile.map((entry) => entry.name), { timeout: 15_000 })
          .toContain(fileName);
      });
      await thread.getByTestId('thread-input').fill(text.payerWrites);
      await thread.getByRole('button', { name: text.send }).click();
      await thread.getByText(text.payerWrites).waitFor();
      const width = await payer.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1280);
      await payer.snap('payer-answered');

      // The admin's "to answer" queue holds the order; its page shows the file and the message.
      const office = await e2e.page(viewport, `materials-${language}-admin`, { session: await adminSession() });
      await readIn(office.page, language);
      await office.page.goto('/manage');
      const toAnswer = office.page.getByTestId('queue-to_answer');
      await seeText(toAnswer, text.toAnswer);
      await toAnswer.click();
      await office.page.getByTestId('orders-row').filter({ hasText: orderNo }).first().waitFor();
      await office.snap('queue');
      await office.page.goto(`/manage/orders/${id}`);
      await office.page.getByTestId('open-attachments').click();
      await seeText(office.page.getByRole('dialog'), fileName);
      await office.snap('attachments');
      await office.page.keyboard.press('Escape');
      const adminThread = office.page.getByTestId('order-thread');
      await adminThread.getByText(text.payerWrites).waitFor();
      await adminThread.getByTestId('thread-input').fill(text.adminWrites);
      await adminThread.getByRole('button', { name: text.send }).click();
      await adminThread.getByText(text.adminWrites).waitFor();
      await office.snap('admin-answered');

      // Answered: the order leaves the queue; the payer reads the answer.
      await office.page.goto('/manage');
      await office.page.getByTestId('queue-to_answer').click();
      await expect.poll(() => office.page.getByTestId('orders-row').filter({ hasText: orderNo }).count(), { timeout: 10_000 }).toBe(0);
      await payer.page.reload();
      await payer.page.getByTestId('order-thread').getByText(text.adminWrites).waitFor();
      await payer.snap('payer-reads-answer');
    },
  );

  it.each(RUNS)('%s at %s: a short payment shows the shortfall everywhere and threatens no cancellation', async (language, viewport) => {
    const text = LANGUAGES[language];
    const { page, snap } = await e2e.page(viewport, `shortfall-${language}`, { session: e2e.payer });
    await readIn(page, language);
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4300');
    const order = await findOrder(e2e.baseUrl, e2e.payer, id);
    const paid = (Number(order.cny_amount) - 1000).toFixed(2);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, paid);

    await page.goto(`/order/${id}`);
    const banner = page.getByTestId('deadline-banner');
    await banner.waitFor();
    expect(spaced(await banner.innerText())).toContain(text.topUp);
    expect(await banner.innerText()).not.toMatch(text.cancellation);
    expect(spaced(await page.getByTestId('amount-to-pay').innerText())).toBe(text.amountToPay);
    await snap('shortfall');
  });

  it.each(RUNS)('%s at %s: a completed order’s receipt downloads, and its public page says authentic', async (language, viewport) => {
    const text = LANGUAGES[language];
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '3456');
    const { cny_amount } = await findOrder(e2e.baseUrl, e2e.payer, id);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, cny_amount!);
    const office = await adminSession();
    await completeOrder(e2e.baseUrl, e2e.payer, office, id);

    const { page, snap } = await e2e.page(viewport, `receipt-${language}`, { session: e2e.payer });
    await readIn(page, language);
    await page.goto(`/order/${id}`);
    const folder = mkdtempSync(path.join(tmpdir(), 'receipt-e2e-'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    execFileSync('pdfdetach', ['-save', '1', '-o', path.join(folder, 'receipt.json'), file]);
    const embedded = JSON.parse(readFileSync(path.join(folder, 'receipt.json'), 'utf8')) as { figures: string };
    const receiptNo = (JSON.parse(embedded.figures) as { receipt_no: string }).receipt_no;
    await snap('completed-order');

    // Whoever holds the receipt checks it, signed in or not.
    const visitor = await e2e.page(viewport, `receipt-${language}-public`);
    await readIn(visitor.page, language);
    await visitor.page.goto(`/receipts/${receiptNo}`);
    await seeText(visitor.page.getByTestId('receipt-authentic'), text.authentic);
    await seeText(visitor.page.getByTestId('receipt-figures'), receiptNo);
    await visitor.snap('authentic');
    await visitor.page.goto('/receipts/R20990101-NOTOURS1');
    await seeText(visitor.page.getByTestId('receipt-not-ours'), text.notOurs);
  });
});

/** The back office takes a paid order to complete (7) the way the machine allows: via 5 when it is at 4. */
async function completeOrder(baseUrl: string, payer: Session, admin: Session, id: string): Promise<void> {
  const setStatus = (status: number) => postJson(baseUrl, '/api/v1/manage/setStatus', { id, status }, admin.access_token);
  await expect.poll(async () => (await findOrder(baseUrl, payer, id)).status, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  if ((await findOrder(baseUrl, payer, id)).status === 4) await setStatus(5);
  await setStatus(7);
  await expect.poll(async () => (await findOrder(baseUrl, payer, id)).status, { timeout: 15_000 }).toBe(7);
}
