import { describe, expect, it } from 'vitest';
import { findOrder, postJson } from './support/api.js';
import { useE2E } from './support/suite.js';
import { smallTargets } from './support/tap-targets.js';
import { INSTITUTIONS, PATIENT, RECIPIENT } from './support/test-data.js';
import { button, seeText, shown, waitForPath } from './support/ui.js';

/** An amount no other e2e file pays, so the look-alike found is this file's own order. */
const AMOUNT = '4329';

describe('filling from an earlier order and the look-alike warning at 375 px', () => {
  const e2e = useE2E();

  it('fills steps 2 and 3 from an earlier order, then warns at step 4 before a second open order like it', async () => {
    const token = e2e.payer.access_token;
    const create = () =>
      postJson<{ id: string }>(e2e.baseUrl, '/api/v1/step/amount/create', { resource: INSTITUTIONS.tum.id, amount: AMOUNT }, token);
    const { id: earlier } = await create();
    await postJson(e2e.baseUrl, '/api/v1/step/accept/update', { id: earlier, ...RECIPIENT.payload }, token);
    await postJson(e2e.baseUrl, '/api/v1/step/send/update', { id: earlier, ...PATIENT.payload }, token);
    const earlierNo = String((await findOrder(e2e.baseUrl, e2e.payer, earlier)).order_no);
    const { id } = await create();

    const { page, snap } = await e2e.page('phone', 'fill-from-earlier-order', { session: e2e.payer });
    const fitsTheScreen = async (screen: string) => {
      expect({ [screen]: await smallTargets(page) }).toEqual({ [screen]: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    };

    // Step 2: the earlier order's account, to the same institution; nothing saved yet.
    await page.goto(`/step/accept/${id}`);
    const picker = shown(page.getByLabel('从以往订单填写'));
    await picker.selectOption(earlier);
    await expect.poll(() => shown(page.getByLabel(/^IBAN 账号/)).inputValue()).toBe(RECIPIENT.accountNo);
    await seeText(page, `已按订单 ${earlierNo} 填写`);
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).accept_account_no).toBe('');
    await fitsTheScreen('step2');
    await snap('step2-filled');
    await button(page, '下一步').click();
    await waitForPath(page, `/step/send/${id}`);

    // Step 3: the patient and payer.
    await shown(page.getByLabel('从以往订单填写')).selectOption(earlier);
    await expect.poll(() => shown(page.getByLabel(/^名（中文）/)).inputValue()).toBe(PATIENT.firstName);
    await fitsTheScreen('step3');
    await snap('step3-filled');
    await button(page, '下一步').click();
    await waitForPath(page, `/step/check/${id}`);

    // Step 4: the earlier order is open, for the same institution, amount and patient.
    const confirm = button(page, '确认订单并锁定汇率');
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await confirm.click();
    const dialog = page.getByTestId('lookalike-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('link').first().textContent()).toContain(earlierNo);
    await fitsTheScreen('warning');
    await snap('step4-warning');
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).status).toBe(0);
    await dialog.getByRole('button', { name: '仍然继续' }).click();
    await waitForPath(page, `/step/pay/${id}`);
    expect((await findOrder(e2e.baseUrl, e2e.payer, id)).status).toBe(1);
  });
});
