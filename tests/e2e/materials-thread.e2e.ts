import { describe, expect, it } from 'vitest';
import { findOrder, login, orderAwaitingDocuments, type Session } from './support/api.js';
import { useE2E } from './support/suite.js';
import { DEMO_SECOND_ADMIN, INSTITUTIONS } from './support/test-data.js';
import { sendMaterialsRequested, sendPaymentSucceeded } from './support/webhook.js';

const NOTE = '请补充护照首页及录取通知书';
/** Text as a person reads it: a no-break space is a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

/**
 * DESIGN.md section 11 in the browser: the bank asks for materials; the payer reads its note above
 * the order's thread and writes back; the admin reads and answers on the admin order page. A short
 * payment shows the shortfall, not the whole amount, and no cancellation threat.
 */
describe('the bank note, the thread and what is still due', () => {
  const e2e = useE2E();
  // The second demo admin, signed in once: logins are rate-limited per account, and other files sign the first one in.
  let admin: Session | undefined;
  const adminSession = async () => (admin ??= await login(e2e.baseUrl, DEMO_SECOND_ADMIN.email, DEMO_SECOND_ADMIN.password));

  it.each(['desktop', 'phone'] as const)('the payer answers the bank note, the admin replies (%s)', async (viewport) => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4200');
    const order = await findOrder(e2e.baseUrl, e2e.payer, id);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, order.cny_amount!);
    await sendMaterialsRequested(e2e.baseUrl, e2e.dataDir, id, NOTE);

    const payer = await e2e.page(viewport, 'materials-thread', { session: e2e.payer });
    await payer.page.goto(`/order/${id}`);
    const thread = payer.page.getByTestId('order-thread');
    await thread.getByTestId('bank-note').filter({ hasText: NOTE }).waitFor();
    await thread.getByTestId('thread-input').fill('护照首页已上传，请查收。');
    await thread.getByRole('button', { name: '发送留言' }).click();
    await thread.getByText('护照首页已上传，请查收。').waitFor();
    const width = await payer.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1280);
    await payer.snap('payer-wrote');

    const office = await e2e.page(viewport, 'materials-thread-admin', { session: await adminSession() });
    await office.page.goto(`/manage/orders/${id}`);
    const adminThread = office.page.getByTestId('order-thread');
    await adminThread.getByText('护照首页已上传，请查收。').waitFor();
    await adminThread.getByTestId('thread-input').fill('已收到，银行审核中。');
    await adminThread.getByRole('button', { name: '发送留言' }).click();
    await adminThread.getByText('已收到，银行审核中。').waitFor();
    await office.snap('admin-answered');

    await payer.page.reload();
    await payer.page.getByTestId('order-thread').getByText('已收到，银行审核中。').waitFor();
    await payer.snap('payer-reads-answer');
  });

  it.each(['desktop', 'phone'] as const)('a short payment shows the shortfall (%s)', async (viewport) => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4300');
    const order = await findOrder(e2e.baseUrl, e2e.payer, id);
    const paid = (Number(order.cny_amount) - 1000).toFixed(2);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, paid);

    const { page, snap } = await e2e.page(viewport, 'shortfall', { session: e2e.payer });
    await page.goto(`/order/${id}`);
    const banner = page.getByTestId('deadline-banner');
    await banner.waitFor();
    expect(spaced(await banner.innerText())).toContain('还需支付 CNY 1,000.00');
    expect(await banner.innerText()).not.toContain('取消');
    expect(spaced(await page.getByTestId('amount-to-pay').innerText())).toBe('CNY 1,000.00');
    await snap('shortfall');
  });
});
