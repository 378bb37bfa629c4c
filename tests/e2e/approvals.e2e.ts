import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NoticeView } from '../../src/domain/contract/manage.js';
import { login, postJson, type Session } from './support/api.js';
import type { ViewportName } from './support/browser.js';
import { useE2E, type E2E } from './support/suite.js';
import { DEMO_ADMIN, DEMO_AUDITOR, DEMO_SECOND_ADMIN, DEMO_WAREHOUSE, INSTITUTIONS } from './support/test-data.js';
import { button, seeText, shown, waitForPath } from './support/ui.js';

const MIN_TARGET_PX = 44;

/** Signs in through the login page, as a person does, and returns where the app took them. */
async function signInByForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await shown(page.getByLabel('邮箱', { exact: true })).fill(account.email);
  await shown(page.getByLabel('密码', { exact: true })).fill(account.password);
  await button(page, '登录').click();
}

const pendingCount = async (baseUrl: string, admin: Session): Promise<number> =>
  (await postJson<{ approvals_pending: number }>(baseUrl, '/api/v1/manage/statistic', {}, admin.access_token)).approvals_pending;

const chariteAccount = async (baseUrl: string, admin: Session): Promise<string> => {
  const { data } = await postJson<{ data: { id: number; account_no: string }[] }>(
    baseUrl,
    '/api/v1/manage/resources',
    { keyword: 'charite' },
    admin.access_token,
  );
  return data.find((row) => row.id === INSTITUTIONS.charite.id)!.account_no;
};

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
/**
 * The same, bounded by the layout width too: a phone zooms out to show a page wider than its
 * layout width, and innerWidth grows with it, so the root's clientWidth is the real bound (it
 * caught the tab count's hidden words widening /manage to 653 px).
 */
const fitsTheLayout = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= Math.min(window.innerWidth, document.documentElement.clientWidth));

/** Every button of the part is a 44 px target on a phone (WCAG 2.5.5). */
async function expectTapTargets(part: Locator): Promise<void> {
  for (const control of await part.getByRole('button').all()) {
    const box = await control.boundingBox();
    expect(box, await control.innerText()).not.toBeNull();
    expect(box!.height, await control.innerText()).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(box!.width, await control.innerText()).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }
}

/** Charité's card among the pending proposals. */
const chariteCard = (page: Page) => page.getByTestId('approval').filter({ hasText: INSTITUTIONS.charite.name });

/** Opens Charité's payee dialog from the resources tab. */
async function openChariteDialog(page: Page): Promise<Locator> {
  await page.getByTestId('tab-resources').click();
  await page.getByTestId('resources-search').fill('charite');
  const row = page.getByTestId('resources-row').filter({ hasText: INSTITUTIONS.charite.name });
  await row.getByTestId('resource-edit').click();
  const dialog = page.getByTestId('resource-dialog');
  await dialog.waitFor();
  return dialog;
}

/**
 * Four eyes in the browser: one admin proposes a new payee account, sees it pending and cannot
 * approve it; the second admin signs in and approves it; then the institution has it.
 */
async function proposeAndApprove(e2e: E2E, viewport: ViewportName, from: string, to: string): Promise<void> {
  const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect(await chariteAccount(e2e.baseUrl, admin)).toBe(from);
  const before = await pendingCount(e2e.baseUrl, admin);
  const { page, snap } = await e2e.page(viewport, `approvals-${viewport}`, { session: admin });
  await page.goto('/manage');
  const dialog = await openChariteDialog(page);
  await dialog.getByLabel('账号 / IBAN', { exact: true }).fill(to);
  await dialog.getByTestId('resource-save').click();
  await seeText(page.getByTestId('toast-success'), '已提交审批');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('approvals-badge').innerText()).toBe(String(before + 1));
  expect(await chariteAccount(e2e.baseUrl, admin)).toBe(from);
  expect(await fitsTheLayout(page)).toBe(true);
  await snap('proposed');

  await page.getByTestId('tab-approvals').click();
  const own = chariteCard(page);
  await own.waitFor();
  await seeText(own, to);
  expect(await own.getByTestId('approval-approve').isDisabled()).toBe(true);
  await seeText(own, '需由另一位管理员批准');
  expect(await fitsTheLayout(page)).toBe(true);
  if (viewport === 'phone') await expectTapTargets(page.getByTestId('approvals'));
  await snap('own-proposal');

  const { page: second, snap: snapSecond } = await e2e.page(viewport, `approvals-${viewport}-second-admin`);
  await signInByForm(second, DEMO_SECOND_ADMIN);
  await waitForPath(second, '/manage');
  await second.getByTestId('tab-approvals').click();
  const card = chariteCard(second);
  await card.waitFor();
  expect(await fitsTheLayout(second)).toBe(true);
  expect(await card.getByTestId('approval-approve').isDisabled()).toBe(false);
  await seeText(card.getByTestId('approval-proposed'), 'Admin 于');
  await snapSecond('pending');
  await card.getByTestId('approval-approve').click();
  await second.getByTestId('approve-dialog').waitFor();
  await snapSecond('confirm');
  await second.getByTestId('approve-confirm').click();
  await seeText(second.getByTestId('toast-success'), '已生效');
  await card.waitFor({ state: 'detached' });
  await second.getByTestId('approvals-state-approved').click();
  await seeText(chariteCard(second).first().getByTestId('approval-decided'), 'Admin Two 于');
  expect(await fitsTheLayout(second)).toBe(true);
  await snapSecond('approved');

  expect(await chariteAccount(e2e.baseUrl, admin)).toBe(to);
  const approvedDialog = await openChariteDialog(second);
  expect(await approvedDialog.getByLabel('账号 / IBAN', { exact: true }).inputValue()).toBe(to);
  await snapSecond('institution');
  expect(await pendingCount(e2e.baseUrl, admin)).toBe(before);
}

describe('approvals and role-aware screens', () => {
  const e2e = useE2E();

  it("at 1280 px: admin proposes a new IBAN for Charité ('已提交审批', badge), cannot approve it; admin2 approves; Charité has it", async () => {
    await proposeAndApprove(e2e, 'desktop', 'DE89370400440532013000', 'GB82WEST12345698765432');
  });

  // The same at 375 px, putting the seeded account back, so the files after this one find Charité as seeded.
  it('at 375 px: the same flow, in cards with 44 px controls and nothing wider than the window', async () => {
    await proposeAndApprove(e2e, 'phone', 'GB82WEST12345698765432', 'DE89370400440532013000');
  });

  it('each role lands on its home and its menu offers only what it may open', async () => {
    const { page: auditor, snap: snapAuditor } = await e2e.page('desktop', 'role-home-auditor');
    await signInByForm(auditor, DEMO_AUDITOR);
    await waitForPath(auditor, '/manage');
    await auditor.getByTestId('tab-approvals').click();
    await auditor.getByTestId('approvals').waitFor();
    expect(await auditor.getByTestId('approval-approve').count()).toBe(0);
    await snapAuditor('manage');

    const { page: warehouse, snap: snapWarehouse } = await e2e.page('desktop', 'role-home-warehouse');
    await signInByForm(warehouse, DEMO_WAREHOUSE);
    await waitForPath(warehouse, '/stocks');
    await warehouse.getByTestId('user-menu').click();
    const warehouseMenu = await warehouse.getByRole('menu').innerText();
    expect(warehouseMenu).toContain('仓库管理');
    expect(warehouseMenu).not.toContain('管理后台');
    expect(warehouseMenu).not.toContain('我的订单');
    await snapWarehouse('menu');

    const { page: admin, snap: snapAdmin } = await e2e.page('phone', 'role-home-admin');
    await signInByForm(admin, DEMO_ADMIN);
    await waitForPath(admin, '/manage');
    await admin.getByTestId('collapsed-menu').click();
    const adminMenu = await admin.getByRole('menu').innerText();
    expect(adminMenu).toContain('管理后台');
    expect(adminMenu).not.toContain('我的订单');
    await snapAdmin('menu');
  });

  it("a notice of one 300-character word does not make the payer's step 1 wider than a 375 px window", async () => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const kept = await postJson<NoticeView>(e2e.baseUrl, '/api/v1/manage/config/findNotice', {}, admin.access_token);
    const word = 'A'.repeat(300);
    await postJson(
      e2e.baseUrl,
      '/api/v1/manage/config/updateNotice',
      { notice: word, notice_en: word, notice_de: word },
      admin.access_token,
    );
    try {
      const { page, snap } = await e2e.page('phone', 'long-notice', { session: e2e.payer });
      await page.goto(`/step/amount/?resource=${INSTITUTIONS.charite.id}`);
      await seeText(page.getByTestId('notice'), word);
      expect(await fitsTheLayout(page)).toBe(true);
      await snap('step-1');
    } finally {
      await postJson(e2e.baseUrl, '/api/v1/manage/config/updateNotice', kept, admin.access_token);
    }
  });
});
