// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, fail, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt, signIn } from '../steps/support.js';

const ORDERS = [
  makeOrder({ id: 'a0', status: 0, resource: '996', amount: '3000' }),
  makeOrder({ id: 'b1', status: 1, resource: '1001', amount: '4500.5', cny_amount: '32403.60' }),
  makeOrder({ id: 'c2', status: 2, resource: '1003', amount: '500000' }),
  makeOrder({ id: 'd7', status: 7, resource: '1004', amount: '3000' }),
  makeOrder({ id: 'e11', status: 11, resource: '1002', amount: '8000' }),
];

describe('my orders', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(cleanup);

  it('shows each status and the remittance, opening the step flow for status 0 and 1 and the order page otherwise', async () => {
    serveApi({ '/step/order/findOrders': () => ORDERS });
    renderAt('/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(5);
    // Intl puts a no-break space between code and amount; getByText folds it into a plain space.
    const expected: [string, string, string][] = [
      ['完善信息', '向 柏林夏里特医院 汇款 EUR 3,000.00', '/step/amount/a0'],
      ['订单已确认，等待付款', '向 梅奥诊所 汇款 USD 4,500.50', '/step/amount/b1'],
      ['已选择银行，等待上传材料', '向 庆应义塾大学医院 汇款 JPY 500,000', '/order/c2'],
      ['订单完成', '向 慕尼黑工业大学 汇款 EUR 3,000.00', '/order/d7'],
      ['超时已取消', '向 悉尼大学 汇款 AUD 8,000.00', '/order/e11'],
    ];
    expected.forEach(([status, summary, href], i) => {
      const row = within(rows[i]!);
      expect(row.getByText(status)).toBeTruthy();
      expect(row.getByText(summary)).toBeTruthy();
      expect(row.getByRole('link', { name: /查看订单详情/ }).getAttribute('href')).toBe(href);
      expect(row.getByRole('link').textContent).toBe('查看详情');
    });
  });

  it('follows a row to its target', async () => {
    serveApi({ '/step/order/findOrders': () => ORDERS });
    const user = userEvent.setup();
    const { router } = renderAt('/orders');
    const rows = await screen.findAllByTestId('order-row');
    await user.click(within(rows[3]!).getByRole('link'));
    expect(router.state.location.pathname).toBe('/order/d7');
  });

  it('is translated', async () => {
    localStorage.setItem('locale', 'en-US');
    serveApi({ '/step/order/findOrders': () => ORDERS.slice(0, 1) });
    renderAt('/orders');
    expect(await screen.findByText('Remit EUR 3,000.00 to 柏林夏里特医院')).toBeTruthy();
    expect(screen.getByText('Complete the information')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View order details/ }).textContent).toBe('View details');
    cleanup();

    // German groups with dots, puts the code after the amount and writes the date its way.
    localStorage.setItem('locale', 'de-DE');
    renderAt('/orders');
    expect(await screen.findByText('3.000,00 EUR an 柏林夏里特医院 überweisen')).toBeTruthy();
    expect(screen.getByText(/^Erstellt am \d{2}\.\d{2}\.2026$/)).toBeTruthy();
  });

  it('shows an empty state', async () => {
    serveApi({ '/step/order/findOrders': () => [] });
    renderAt('/orders');
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('您还没有订单');
    expect(screen.getByRole('link', { name: '去汇款' }).getAttribute('href')).toBe('/');
  });

  it('tries a failed read twice more by itself, then toasts the failure and offers a retry', async () => {
    let attempts = 0;
    serveApi({ '/step/order/findOrders': () => (++attempts <= 3 ? fail(500, '服务器繁忙') : ORDERS.slice(0, 2)) });
    const user = userEvent.setup();
    renderAt('/orders');
    expect((await screen.findByTestId('toast-error')).textContent).toContain('服务器繁忙');
    expect(attempts).toBe(3);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(attempts).toBe(4);
  });

  it('takes a 4xx answer as final: no second try', async () => {
    serveApi({ '/step/order/findOrders': () => fail(403, '无权访问') });
    renderAt('/orders');
    expect((await screen.findByTestId('toast-error')).textContent).toContain('无权访问');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(callsTo('/step/order/findOrders')).toHaveLength(1);
  });
});
