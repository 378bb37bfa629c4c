import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { continuePastLookalike } from './lookalike.js';
import type { Snap } from './screenshots.js';
import { PATIENT, RECIPIENT } from './test-data.js';
import { button, fillByLabel, mainText, moneyPattern, seeText, shown, waitForPath } from './ui.js';

/**
 * The five step screens (SPEC.md section 2, steps 1-5), driven through their zh-CN labels and
 * buttons. Each function starts on its screen, screenshots it, and returns once the next one is
 * reached.
 */

const ORDER_ID = '([^/?#]+)';
const stepPath = (step: string) => new RegExp(`^/step/${step}/${ORDER_ID}$`);

async function next(page: Page, name: string | RegExp = '下一步'): Promise<void> {
  const action = button(page, name);
  await expect.poll(() => action.isEnabled(), { timeout: 10_000, message: `the button ${String(name)} stays disabled` }).toBe(true);
  await action.click();
}

/** Step 1: types the amount, checks the CNY estimate, goes on; returns the new order's id. */
export async function enterAmount(
  page: Page,
  snap: Snap,
  institution: { name: string },
  amount: string,
  estimate: string,
): Promise<string> {
  await seeText(page, `${institution.name} 将收到`);
  await shown(page.getByLabel(/^汇款金额/)).fill(amount);
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toMatch(moneyPattern(estimate));
  await snap('step1-amount');
  await next(page);
  const url = await continuePastLookalike(page, stepPath('accept'));
  const id = stepPath('accept').exec(url.pathname)?.[1];
  if (!id) throw new Error(`no order id in ${url.pathname}`);
  return id;
}

/** Step 2: the recipient account of an EUR institution without a preset account (IBAN labels). */
export async function fillRecipient(page: Page, snap: Snap, id: string): Promise<void> {
  await seeText(page, '填写收款账户信息');
  await fillByLabel(page, /^收款人户名/, RECIPIENT.accountName);
  await fillByLabel(page, /^(IBAN 账号|收款账号)/, RECIPIENT.accountNo);
  await fillByLabel(page, /^收款银行/, RECIPIENT.bank);
  await fillByLabel(page, /^收款人地址/, RECIPIENT.address);
  await fillByLabel(page, /^SWIFT\/BIC/, RECIPIENT.swift);
  await fillByLabel(page, /^付款参考号/, RECIPIENT.reference);
  await snap('step2-recipient');
  await next(page);
  await waitForPath(page, `/step/send/${id}`);
}

/** The relationship '本人', whether the screen offers it as a select or as radio buttons. */
async function chooseSelf(page: Page): Promise<void> {
  const select = shown(page.getByRole('combobox', { name: /付款人与患者关系/ }));
  if (await select.count()) await select.selectOption({ label: '本人' });
  else await shown(page.getByRole('radio', { name: '本人' })).check();
}

/** Step 3: the patient's Chinese names (the pinyin must appear by itself), email and phone. */
export async function fillPayer(page: Page, snap: Snap, id: string): Promise<void> {
  await seeText(page, '填写付款所需信息');
  await fillByLabel(page, /^姓（中文）/, PATIENT.lastName);
  await fillByLabel(page, /^名（中文）/, PATIENT.firstName);
  await expect
    .poll(() => mainText(page), { timeout: 5_000, message: 'the pinyin of 张三丰 appears' })
    .toMatch(new RegExp(`${PATIENT.lastNamePinyin}[\\s\\S]*${PATIENT.firstNamePinyin}`));
  await fillByLabel(page, /^邮箱/, PATIENT.email);
  await chooseSelf(page);
  await fillByLabel(page, /^付款人手机号/, PATIENT.phone);
  await snap('step3-payer');
  await next(page);
  await waitForPath(page, `/step/check/${id}`);
}

/** Step 4: the read-only summary shows what was entered; going on confirms the order. */
export async function checkSummary(
  page: Page,
  snap: Snap,
  id: string,
  expected: { institution: string; currency: string; amount: string },
): Promise<void> {
  await seeText(page, '核对订单信息');
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain(expected.institution);
  // The price section follows with the quote, a call of its own.
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toMatch(moneyPattern(expected.amount));
  const text = await mainText(page);
  expect(text).toContain(expected.currency);
  expect(text).toMatch(moneyPattern(expected.amount));
  expect(text).toMatch(new RegExp(`${PATIENT.lastName}\\s*${PATIENT.firstName}`));
  expect(text).toMatch(new RegExp(`${PATIENT.lastNamePinyin}\\s*${PATIENT.firstNamePinyin}`));
  expect(text).toContain(PATIENT.email);
  expect(text).toMatch(new RegExp(`\\+86\\s*${PATIENT.phone}`));
  await snap('step4-check');
  await next(page, '确认订单并锁定汇率');
  await continuePastLookalike(page, `/step/pay/${id}`);
}

/** Step 5: both cards show the CNY amount; choosing WeChat scan payment opens the order page. */
export async function choosePaymentMethod(
  page: Page,
  snap: Snap,
  id: string,
  cny: string,
  method: '微信扫码支付' | '银行转账',
): Promise<void> {
  await seeText(page, '微信扫码支付');
  await seeText(page, '银行转账');
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toMatch(moneyPattern(cny));
  await snap('step5-pay');
  await next(page, new RegExp(method));
  await waitForPath(page, `/order/${id}`);
}
