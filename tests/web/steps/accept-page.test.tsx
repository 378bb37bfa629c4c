// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import { fail, serveApi } from '../support/api-server.js';
import { findResourceStub, makeOrder, renderAt, pressAndLand } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

function api(order: OrderView) {
  return serveApi({
    '/step/order/find': () => order,
    '/public/findResource': findResourceStub,
    '/step/accept/update': (body) => ({ id: String(body.id) }),
  });
}

const input = (label: RegExp | string) => screen.getByLabelText<HTMLInputElement>(label);
const labels = () => Array.from(document.querySelectorAll('label')).map((label) => label.textContent ?? '');

/** Each preset field shows the institution's value and cannot be changed. */
function expectPreset(fields: readonly (readonly [RegExp, string])[]) {
  for (const [label, value] of fields) {
    expect(input(label).value).toBe(value);
    expect(input(label).readOnly).toBe(true);
  }
}

describe('step 2: recipient account', () => {
  signedInPayer();

  it("is titled '填写收款账户信息' and labels a EUR account number as IBAN, with no transit code or branch", async () => {
    api(makeOrder({ resource: '1004' }));
    renderAt('/step/accept/o1');
    expect(await screen.findByRole('heading', { name: '填写收款账户信息' })).toBeTruthy();
    expect(await screen.findByLabelText(/IBAN 账号/)).toBeTruthy();
    for (const label of ['收款人户名', '收款银行', '收款人地址', 'SWIFT/BIC', '付款参考号']) {
      expect(labels().some((text) => text.includes(label))).toBe(true);
    }
    expect(labels().some((text) => /ABA|BSB|分行名称/.test(text))).toBe(false);
  });

  it('shows the transit code as ABA routing code for USD and BSB for AUD, and no branch', async () => {
    api(makeOrder({ resource: '1001' }));
    renderAt('/step/accept/o1');
    expect(await screen.findByLabelText(/ABA 路由号/)).toBeTruthy();
    expect(screen.getByLabelText(/^收款账号/)).toBeTruthy();
    expect(labels().some((text) => /IBAN|BSB|分行名称/.test(text))).toBe(false);
    cleanup();

    api(makeOrder({ resource: '1006' }));
    renderAt('/step/accept/o1');
    expect(await screen.findByLabelText(/BSB 号码/)).toBeTruthy();
    expect(labels().some((text) => /ABA|IBAN|分行名称/.test(text))).toBe(false);
  });

  it('gives JPY accounts Japanese labels and a branch name, and no transit code', async () => {
    api(makeOrder({ resource: '1003', amount: '500000' }));
    renderAt('/step/accept/o1');
    expect(await screen.findByLabelText(/收款人户名.*口座名義/)).toBeTruthy();
    expect(screen.getByLabelText(/收款账号.*口座番号/)).toBeTruthy();
    expect(screen.getByLabelText(/收款银行.*銀行名/)).toBeTruthy();
    expect(screen.getByLabelText(/分行名称.*支店名/)).toBeTruthy();
    expect(labels().some((text) => /ABA|BSB|IBAN/.test(text))).toBe(false);
  });

  it("shows a preset institution's account read-only", async () => {
    api(makeOrder({ resource: '996' }));
    const user = userEvent.setup();
    const { router } = renderAt('/step/accept/o1');
    expect(await screen.findByTestId('preset-note')).toBeTruthy();
    expectPreset([
      [/收款人户名/, 'Charité – Universitätsmedizin Berlin'],
      [/IBAN 账号/, 'DE89370400440532013000'],
      [/收款银行/, 'Deutsche Bank AG'],
      [/收款人地址/, 'Charitéplatz 1, 10117 Berlin, Germany'],
      [/SWIFT\/BIC/, 'DEUTDEBBXXX'],
    ]);
    expect(input(/付款参考号/).readOnly).toBe(false);
    await user.type(input(/付款参考号/), 'INV-2026-001');
    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: '下一步' }), '/step/send/o1', '/step/accept/update'),
    ).toMatchObject({
      id: 'o1',
      accept_account_no: 'DE89370400440532013000',
      accept_swift: 'DEUTDEBBXXX',
      accept_reference: 'INV-2026-001',
    });
  });

  it('shows every preset field of the Sydney account filled and read-only, the BSB included', async () => {
    api(makeOrder({ resource: '1002', currency: 'AUD' }));
    const user = userEvent.setup();
    const { router } = renderAt('/step/accept/o1');
    expect(await screen.findByTestId('preset-note')).toBeTruthy();
    expectPreset([
      [/收款人户名/, 'The University of Sydney'],
      [/收款账号/, '12345678'],
      [/BSB 号码/, '062000'],
      [/收款银行/, 'Commonwealth Bank of Australia'],
      [/收款人地址/, 'Camperdown NSW 2006, Australia'],
      [/SWIFT\/BIC/, 'CTBAAU2S'],
    ]);
    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: '下一步' }), '/step/send/o1', '/step/accept/update'),
    ).toMatchObject({
      accept_account_no: '12345678',
      transit_code: '062000',
    });
  });

  it('prefills from the order, saves, then goes to /step/send/{id}; Back goes to /step/amount/{id}', async () => {
    api(
      makeOrder({
        resource: '1001',
        accept_account_name: 'Mayo Clinic',
        accept_account_no: '123456789',
        accept_bank: 'Wells Fargo',
        accept_swift: 'WFBIUS6S',
        transit_code: '121000248',
        accept_remittance: 'hospital fees',
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt('/step/accept/o1');
    expect(((await screen.findByLabelText(/收款人户名/)) as HTMLInputElement).value).toBe('Mayo Clinic');
    expect(input(/ABA 路由号/).value).toBe('121000248');
    expect(screen.getByRole('link', { name: '上一步' }).getAttribute('href')).toBe('/step/amount/o1');
    await user.type(input(/收款人地址/), '200 First St SW, Rochester, MN');
    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: '下一步' }), '/step/send/o1', '/step/accept/update'),
    ).toEqual({
      id: 'o1',
      accept_account_name: 'Mayo Clinic',
      accept_account_no: '123456789',
      accept_bank: 'Wells Fargo',
      accept_address: '200 First St SW, Rochester, MN',
      accept_swift: 'WFBIUS6S',
      accept_reference: '',
      accept_remittance: 'hospital fees',
      transit_code: '121000248',
      bank_branches: '',
    });
  });

  it('checks a field on blur and clears the error once the value is valid; Next checks all', async () => {
    const calls = api(makeOrder({ resource: '1004' }));
    const user = userEvent.setup();
    renderAt('/step/accept/o1');
    const swift = (await screen.findByLabelText(/SWIFT\/BIC/)) as HTMLInputElement;
    await user.type(swift, 'ABC');
    await user.tab();
    expect(await screen.findByText('SWIFT/BIC 应为 8 或 11 位字母或数字')).toBeTruthy();
    await user.type(swift, 'DEFFF');
    expect(screen.queryByText('SWIFT/BIC 应为 8 或 11 位字母或数字')).toBeNull();

    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getAllByText('此项为必填项')).toHaveLength(3);
    expect(document.activeElement).toBe(input(/收款人户名/));
    expect(calls.some((call) => call.path === '/step/accept/update')).toBe(false);
  });

  it("shows the server's error as a toast", async () => {
    serveApi({
      '/step/order/find': () => makeOrder({ resource: '996', status: 2 }),
      '/public/findResource': findResourceStub,
      '/step/accept/update': () => fail(409, '当前订单状态不允许此操作'),
    });
    const user = userEvent.setup();
    renderAt('/step/accept/o1');
    await screen.findByTestId('preset-note');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('当前订单状态不允许此操作');
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's field errors beside their inputs, focusing the first, until the value is changed to a valid one", async () => {
    const calls = serveApi({
      '/step/order/find': () =>
        makeOrder({
          resource: '1004',
          accept_account_name: 'TUM',
          accept_account_no: 'DE02120300000000202051',
          accept_bank: 'BayernLB',
          accept_swift: 'BYLADEMMXXX',
        }),
      '/public/findResource': findResourceStub,
      '/step/accept/update': () => fail(422, '请求参数有误', { accept_swift: ['SWIFT/BIC 与 IBAN 的国家不一致'], unknown: ['x'] }),
    });
    const user = userEvent.setup();
    renderAt('/step/accept/o1');
    const swift = (await screen.findByLabelText(/SWIFT\/BIC/)) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: '下一步' }));
    const toasts = await screen.findAllByTestId('toast-error');
    expect(toasts.map((toast) => toast.textContent).join()).toContain('SWIFT/BIC 与 IBAN 的国家不一致');
    expect(document.getElementById(`${swift.id}-error`)?.textContent).toBe('SWIFT/BIC 与 IBAN 的国家不一致');
    expect(swift.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(swift);
    expect(calls.filter((call) => call.path === '/step/accept/update')).toHaveLength(1);
    await user.clear(swift);
    await user.type(swift, 'BYLADEMM');
    expect(document.getElementById(`${swift.id}-error`)).toBeNull();
  });

  it("shows the domain's field messages in the chosen language, with their parameters", async () => {
    localStorage.setItem('locale', 'en-US');
    api(makeOrder({ resource: '1004' }));
    const user = userEvent.setup();
    renderAt('/step/accept/o1');
    const swift = (await screen.findByLabelText(/SWIFT\/BIC/)) as HTMLInputElement;
    await user.type(swift, 'ABC');
    await user.tab();
    expect(await screen.findByText('SWIFT/BIC must be 8 or 11 letters or digits')).toBeTruthy();
    const accountNo = screen.getByLabelText<HTMLInputElement>(/Account number|IBAN/);
    await user.click(accountNo);
    await user.paste('1'.repeat(65));
    await user.tab();
    expect(await screen.findByText('At most 64 characters')).toBeTruthy();
  });

  it('is translated, the Japanese terms staying beside the translation', async () => {
    localStorage.setItem('locale', 'en-US');
    api(makeOrder({ resource: '1003' }));
    renderAt('/step/accept/o1');
    expect(await screen.findByRole('heading', { name: 'Fill in recipient account info' })).toBeTruthy();
    expect(await screen.findByLabelText(/Account name.*口座名義/)).toBeTruthy();
    expect(screen.getByLabelText(/Branch name.*支店名/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });

  it("without an order id shows '缺少订单ID' and no form", async () => {
    const calls = serveApi({});
    renderAt('/step/accept/');
    expect((await screen.findByTestId('missing-order-id')).textContent).toContain('缺少订单ID');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });
});
