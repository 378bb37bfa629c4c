import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { findOrder, type Session } from './api.js';
import type { Snap } from './screenshots.js';
import { button, mainText, moneyPattern, seeText, shown } from './ui.js';

/**
 * The order detail page (/order/:id): the deadline banner, the documents panel (upload, 'finish
 * upload', 'finish pay') and the status, checked on screen and through the API.
 */

export interface OrderScreen {
  readonly page: Page;
  readonly snap: Snap;
  readonly baseUrl: string;
  readonly session: Session;
  readonly id: string;
}

const statusOf = async (o: OrderScreen) => (await findOrder(o.baseUrl, o.session, o.id)).status;

/** Waits for the order's status in the API and for its zh-CN label on the page. */
async function expectStatus(o: OrderScreen, status: number, label: string): Promise<void> {
  await expect.poll(() => statusOf(o), { timeout: 15_000, message: `order status ${status}` }).toBe(status);
  await seeText(o.page, label);
}

/** The banner asks to pay the CNY amount before the deadline. */
export async function expectPayBanner(o: OrderScreen, cny: string): Promise<void> {
  await seeText(o.page, /请在.*前支付 CNY/);
  expect(await mainText(o.page)).toMatch(moneyPattern(cny));
  await o.snap('order');
}

/** Opens the documents panel when it is collapsed (its trigger names it). */
async function openDocumentsPanel(page: Page): Promise<void> {
  const trigger = shown(page.getByRole('button', { name: /上传银行审核材料/ }));
  if ((await trigger.count()) && (await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
}

/** Uploads one file through the page's file input; the file appears in the list. */
export async function uploadDocument(o: OrderScreen, file: string): Promise<void> {
  await openDocumentsPanel(o.page);
  await o.page.locator('input[type="file"]').first().setInputFiles(file);
  await seeText(o.page, path.basename(file), 15_000);
  await expect
    .poll(async () => (await findOrder(o.baseUrl, o.session, o.id)).jsfile.map((f) => f.name), { timeout: 10_000 })
    .toContain(path.basename(file));
  await o.snap('order-file-uploaded');
}

/** 'finish upload' (完成上传): status 3, 材料已上传. */
export async function finishUpload(o: OrderScreen): Promise<void> {
  await button(o.page, '完成上传').click();
  await expectStatus(o, 3, '材料已上传');
  await o.snap('order-documents-uploaded');
}

/**
 * 'finish pay' for a bank transfer: the account and the exact CNY are shown, 'I have transferred'
 * asks for a confirmation naming them, and only then the order is 已转账 (status 4).
 */
export async function declareTransfer(o: OrderScreen, cny: string): Promise<void> {
  const panel = o.page.getByTestId('payment-panel');
  await panel.getByTestId('transfer-account-no').waitFor();
  // The postscript is the readable order number the page shows under its title.
  const orderNo = /\d{8}-\d{6}/.exec(await o.page.getByText(/订单号：/).innerText())?.[0];
  expect(orderNo).toBeDefined();
  expect(await panel.getByTestId('transfer-postscript').innerText()).toContain(orderNo!);
  await panel.getByRole('button', { name: '我已完成转账', exact: true }).click();
  const dialog = o.page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toMatch(moneyPattern(cny));
  await o.snap('order-declare-transfer');
  await dialog.getByRole('button', { name: '确认已转账', exact: true }).click();
  await expectStatus(o, 4, '已转账');
  await o.snap('order-transferred');
}
