// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import { fail, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt, pressAndLand } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

function api(order: OrderView) {
  return serveApi({
    '/step/order/find': () => order,
    '/public/findRate': () => '8.31735',
    '/step/pay/update': (body) => ({ id: String(body.id) }),
  });
}

describe('step 5: payment method', () => {
  signedInPayer();

  it('shows two cards with the CNY amount; WeChat scan (suggested up to CNY 50,000) posts bank 3 and opens the order', async () => {
    api(makeOrder({ status: 1, cny_amount: '24952.05' }));
    const user = userEvent.setup();
    const { router } = renderAt('/step/pay/o1');
    const scan = await screen.findByTestId('pay-scan');
    const transfer = screen.getByTestId('pay-transfer');
    expect(within(scan).getByText('微信扫码支付')).toBeTruthy();
    expect(within(scan).getByText('适用于 CNY 50,000 以内')).toBeTruthy();
    expect(within(transfer).getByText('银行转账')).toBeTruthy();
    expect(within(transfer).getByText('适用于 CNY 50,000 以上')).toBeTruthy();
    expect(screen.getByTestId('pay-scan-amount').textContent).toBe('CNY\u00a024,952.05');
    expect(screen.getByTestId('pay-transfer-amount').textContent).toBe('CNY\u00a024,952.05');
    expect(scan.getAttribute('data-suggested')).toBe('true');
    expect(transfer.getAttribute('data-suggested')).toBe('false');
    // Confirmed: the amount is locked, so there is no way back to change it.
    expect(screen.queryByRole('link', { name: /返回修改金额/ })).toBeNull();

    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: '选择微信扫码支付' }), '/order/o1', '/step/pay/update'),
    ).toEqual({ id: 'o1', bank: '3' });
  });

  it('offers only bank transfer above CNY 50,000, says why, and posts bank 1', async () => {
    api(makeOrder({ status: 1, amount: '7000', cny_amount: '58221.45' }));
    const user = userEvent.setup();
    const { router } = renderAt('/step/pay/o1');
    expect((await screen.findByTestId('pay-transfer')).getAttribute('data-suggested')).toBe('true');
    expect(screen.queryByTestId('pay-scan')).toBeNull();
    expect(screen.getByTestId('scan-unavailable').textContent).toBe('金额超过 CNY 50,000，微信扫码支付不可用，请使用银行转账');
    expect(screen.getByTestId('pay-transfer-amount').textContent).toBe('CNY\u00a058,221.45');
    expect(await pressAndLand(user, router, screen.getByRole('button', { name: '选择银行转账' }), '/order/o1', '/step/pay/update')).toEqual(
      { id: 'o1', bank: '1' },
    );
  });

  it('estimates the CNY amount of an order not confirmed yet', async () => {
    api(makeOrder({ status: 0, amount: '3000', cny_amount: null }));
    renderAt('/step/pay/o1');
    await waitFor(() => expect(screen.getByTestId('pay-scan-amount').textContent).toBe('CNY\u00a024,952.05'));
    expect(screen.getByRole('link', { name: /返回修改金额/ }).getAttribute('href')).toBe('/step/amount/o1');
  });

  it('toasts a refusal and lets the payer choose again', async () => {
    serveApi({
      '/step/order/find': () => makeOrder({ status: 1, cny_amount: '24952.05' }),
      '/step/pay/update': () => fail(409, '当前订单状态不允许此操作'),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/pay/o1');
    await user.click(await screen.findByRole('button', { name: '选择银行转账' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('当前订单状态不允许此操作');
    expect(router.state.location.pathname).toBe('/step/pay/o1');
    expect(screen.getByRole('button', { name: '选择微信扫码支付' }).hasAttribute('disabled')).toBe(false);
  });

  it("without an order id shows '缺少订单ID' and no cards", async () => {
    const calls = serveApi({});
    renderAt('/step/pay');
    expect((await screen.findByTestId('missing-order-id')).textContent).toContain('缺少订单ID');
    expect(screen.queryByTestId('pay-scan')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
