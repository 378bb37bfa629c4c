// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt, pressAndLand } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

const filled = makeOrder({
  resource: '996',
  amount: '3500',
  accept_account_name: 'Charité Universitätsmedizin Berlin',
  accept_account_no: 'DE89370400440532013000',
  accept_bank: 'Deutsche Bank',
  accept_swift: 'DEUTDEBBXXX',
  accept_reference: 'INV-2026-001',
  accept_remittance: 'Tuition 2026',
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: 'Zhang',
  student_first_name_pinyin: 'Sanfeng',
  student_email: 'zhang@example.com',
  payer_relation: '本人',
  payer_code: '+86',
  payer_phone: '13800138000',
});

const QUOTE = { rate: '7.8123', markup: '0.0125', reserved_amount_rate: '7.91995', cny_amount: '27719.83', payment_hours: 72 };

describe('step 4: check', () => {
  signedInPayer();

  it('summarises the order read-only, confirms it on Next and goes to /step/pay/{id}', async () => {
    serveApi({
      '/step/order/find': () => filled,
      '/step/check/quote': () => QUOTE,
      '/step/check/update': (body) => ({ id: String(body.id) }),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    const value = async (key: string) => (await screen.findByTestId(`summary-${key}`)).querySelector('dd')?.textContent;
    expect(await value('amount')).toBe('EUR\u00a03,500.00');
    expect(await value('institution')).toBe('柏林夏里特医院');
    expect((await screen.findByTestId('summary-account-no')).textContent).toBe('IBAN 账号DE89370400440532013000');
    expect(await value('swift')).toBe('DEUTDEBBXXX');
    expect(await value('bank')).toBe('Deutsche Bank');
    expect(screen.queryByTestId('summary-transit-code')).toBeNull();
    expect(await value('rate')).toBe('1 EUR = 7.8123 CNY');
    expect(await value('markup')).toBe('1.25%');
    expect(await value('reserved-rate')).toBe('1 EUR = 7.91995 CNY');
    expect(await value('cny')).toBe('CNY\u00a027,719.83');
    expect(await value('window')).toBe('确认后 72 小时内完成支付，逾期订单将自动取消');
    expect(await value('reference')).toBe('INV-2026-001');
    expect(await value('remittance')).toBe('Tuition 2026');
    expect(await value('patient-name')).toBe('张三丰');
    expect(await value('patient-pinyin')).toBe('Zhang Sanfeng');
    expect(await value('email')).toBe('zhang@example.com');
    expect(await value('phone')).toBe('+86 13800138000');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('link', { name: '上一步' }).getAttribute('href')).toBe('/step/send/o1');

    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: '确认订单并锁定汇率' }), '/step/pay/o1', '/step/check/update'),
    ).toEqual({
      id: 'o1',
      reserved_amount_rate: '7.91995',
      cny_amount: '27719.83',
    });
  });

  it('shows the new price when the rate moved before Next, and confirms that one', async () => {
    let quotes = 0;
    let updates = 0;
    const moved = { ...QUOTE, rate: '7.9', reserved_amount_rate: '7.99875', cny_amount: '27995.63' };
    const calls = serveApi({
      '/step/order/find': () => filled,
      '/step/check/quote': () => (++quotes === 1 ? QUOTE : moved),
      '/step/check/update': (body) =>
        ++updates === 1
          ? fail(409, '汇率刚刚更新，请核对新的人民币金额后再确认', {}, 'order_refused.quote_changed')
          : { id: String(body.id) },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    expect((await screen.findByTestId('summary-cny')).textContent).toContain('27,719.83');
    await user.click(screen.getByRole('button', { name: '确认订单并锁定汇率' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('汇率刚刚更新');
    await waitFor(() => expect(screen.getByTestId('summary-cny').textContent).toContain('27,995.63'));
    expect(router.state.location.pathname).toBe('/step/check/o1');
    await user.click(screen.getByRole('button', { name: '确认订单并锁定汇率' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step/pay/o1'));
    expect(calls.filter((call) => call.path === '/step/check/update').map((call) => call.body)).toEqual([
      { id: 'o1', reserved_amount_rate: '7.91995', cny_amount: '27719.83' },
      { id: 'o1', reserved_amount_rate: '7.99875', cny_amount: '27995.63' },
    ]);
  });

  it("takes the payer back to step 2 when the institution's account changed since it was recorded", async () => {
    serveApi({
      '/step/order/find': () => filled,
      '/step/check/quote': () => QUOTE,
      '/step/check/update': () => fail(409, '收款机构的账户已更新，请在第 2 步核对新账户后再确认', {}, 'payee_account_changed'),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    await screen.findByTestId('summary-cny');
    await user.click(screen.getByRole('button', { name: '确认订单并锁定汇率' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('收款机构的账户已更新');
    await waitFor(() => expect(router.state.location.pathname).toBe('/step/accept/o1'));
  });

  it('names the transit code as the currency calls it: ABA for USD, BSB for AUD', async () => {
    for (const [currency, label] of [
      ['USD', 'ABA 路由号'],
      ['AUD', 'BSB 号码'],
    ] as const) {
      serveApi({ '/step/order/find': () => ({ ...filled, currency, transit_code: '062000' }), '/step/check/quote': () => QUOTE });
      renderAt('/step/check/o1');
      expect((await screen.findByTestId('summary-transit-code')).textContent).toBe(`${label}062000`);
      cleanup();
    }
  });

  it('keeps Next off while the price cannot be read, and retries it', async () => {
    let quotes = 0;
    serveApi({ '/step/order/find': () => filled, '/step/check/quote': () => (++quotes <= 3 ? fail(503, '服务暂时不可用') : QUOTE) });
    const user = userEvent.setup();
    renderAt('/step/check/o1');
    const failed = await screen.findByTestId('quote-failed');
    expect(screen.getByRole('button', { name: '确认订单并锁定汇率' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(failed).getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('summary-cny')).textContent).toContain('27,719.83');
    expect(screen.getByRole('button', { name: '确认订单并锁定汇率' }).hasAttribute('disabled')).toBe(false);
  });

  it("toasts the server's refusal and stays", async () => {
    serveApi({
      '/step/order/find': () => filled,
      '/step/check/quote': () => QUOTE,
      '/step/check/update': () => fail(409, '当前订单状态不允许此操作'),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    await screen.findByTestId('summary-amount');
    await user.click(screen.getByRole('button', { name: '确认订单并锁定汇率' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('当前订单状态不允许此操作');
    expect(router.state.location.pathname).toBe('/step/check/o1');
    expect(screen.getByRole('button', { name: '确认订单并锁定汇率' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows '未填写' for what is missing and a load failure with a retry", async () => {
    let attempts = 0;
    serveApi({ '/step/order/find': () => (++attempts === 1 ? fail(404, '订单不存在') : makeOrder()), '/step/check/quote': () => QUOTE });
    const user = userEvent.setup();
    renderAt('/step/check/o1');
    expect((await screen.findByTestId('toast-error')).textContent).toContain('订单不存在');
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('summary-email')).textContent).toContain('未填写');
  });

  it.each([
    ['en-US', 'Confirm and lock the rate'],
    ['de-DE', 'Bestätigen und Kurs festschreiben'],
  ])('in %s the confirm button says what it does', async (locale, label) => {
    localStorage.setItem('locale', locale);
    serveApi({ '/step/order/find': () => filled, '/step/check/quote': () => QUOTE });
    renderAt('/step/check/o1');
    await screen.findByTestId('summary-cny');
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
    localStorage.removeItem('locale');
  });

  it("without an order id shows '缺少订单ID'", async () => {
    const calls = serveApi({});
    renderAt('/step/check/');
    expect((await screen.findByTestId('missing-order-id')).textContent).toContain('缺少订单ID');
    expect(screen.queryByRole('button', { name: '确认订单并锁定汇率' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
