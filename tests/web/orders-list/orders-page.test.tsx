// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import { can } from '../../../src/domain/order/decider.js';
import { emptyOrderData } from '../../../src/domain/order/order-data.js';
import { snapshotOf } from '../../../src/domain/order/progress.js';
import { STATUSES } from '../../../src/domain/order/status.js';
import { commonMessages } from '../../../src/web/i18n/common-messages.js';
import { callsTo, fail, paged, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt } from '../steps/support.js';
import { signedInPayer } from '../steps/signed-in-payer.js';

/** findOrders answers the signed-in user's orders: signIn() signs in user 1. */
const mine = (overrides: Partial<OrderView>) => makeOrder({ user: { id: 1, email: 'payer@example.com' }, ...overrides });

const ORDERS = [
  mine({ id: 'a0', status: 0, resource: '996', amount: '3000' }),
  mine({ id: 'b1', status: 1, resource: '1001', amount: '4500.5', cny_amount: '32403.60' }),
  mine({ id: 'c2', status: 2, resource: '1003', amount: '500000' }),
  mine({ id: 'd7', status: 7, resource: '1004', amount: '3000' }),
  mine({ id: 'e11', status: 11, resource: '1002', amount: '8000' }),
];

const zh = commonMessages['zh-CN'];
const DRAFT_SUMMARY = '向 柏林夏里特医院 汇款 EUR 3,000.00';

/** Serves the list from `orders`, which a successful cancel changes as the server would. */
function serveOrders(orders: OrderView[], cancel: (id: string) => unknown = () => null) {
  serveApi({
    '/step/order/findOrders': () => orders,
    '/step/order/cancel': (body) => {
      const answer = cancel(String(body.id));
      const index = orders.findIndex((order) => order.id === body.id);
      if (answer === null && index >= 0) orders[index] = { ...orders[index]!, status: 8 };
      return answer ?? { id: body.id };
    },
  });
}

/** An accessible name as read aloud: Intl's no-break spaces count as spaces (getByText folds them, `name` does not). */
const named = (expected: string) => (name: string) => name.replace(/\s/g, ' ') === expected;

const draftRow = async () => (await screen.findAllByTestId('order-row'))[0]!;

describe('my orders', () => {
  signedInPayer();

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

  it('loads more orders a page at a time, newest first, with the cursor the last page gave, until there are no more', async () => {
    const pages: Record<string, [OrderView[], string | null]> = {
      first: [ORDERS.slice(0, 2), 'after-b1'],
      'after-b1': [ORDERS.slice(2, 4), 'after-d7'],
      'after-d7': [ORDERS.slice(4), null],
    };
    serveApi({
      '/step/order/findOrders': (body) => {
        const [data, next] = pages[typeof body.cursor === 'string' ? body.cursor : 'first']!;
        return paged(data, next);
      },
    });
    const user = userEvent.setup();
    renderAt('/orders');
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(4));
    await user.click(screen.getByTestId('orders-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(5));
    expect(screen.queryByTestId('orders-more')).toBeNull();
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(screen.getAllByTestId('order-row').map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/step/amount/a0',
      '/step/amount/b1',
      '/order/c2',
      '/order/d7',
      '/order/e11',
    ]);
    expect(callsTo('/step/order/findOrders').map((call) => call.body.cursor)).toEqual([undefined, 'after-b1', 'after-d7']);
  });

  it('says so under the list when loading more fails, and keeps the orders shown', async () => {
    serveApi({
      '/step/order/findOrders': (body) => (body.cursor ? fail(503, '服务暂不可用') : paged(ORDERS.slice(0, 2), 'after-b1')),
    });
    const user = userEvent.setup();
    renderAt('/orders');
    await user.click(await screen.findByRole('button', { name: '加载更多' }));
    expect((await screen.findByRole('alert')).textContent).toContain('服务暂不可用');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
  });

  it('shows no list foot when one page holds every order', async () => {
    serveApi({ '/step/order/findOrders': () => paged(ORDERS, null) });
    renderAt('/orders');
    expect(await screen.findAllByTestId('order-row')).toHaveLength(5);
    expect(screen.queryByText('已全部加载')).toBeNull();
    expect(screen.queryByTestId('orders-more')).toBeNull();
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
    expect(await screen.findByText('Remit EUR 3,000.00 to Charité – Universitätsmedizin Berlin')).toBeTruthy();
    expect(screen.getByText('Complete the information')).toBeTruthy();
    // English readers read the institution's English name, and every order its readable number.
    expect(screen.getByTestId('order-no').textContent).toBe('Order no. 20260301-000001');
    expect(screen.getByRole('link', { name: /View order details/ }).textContent).toBe('View details');
    expect(
      screen.getByRole('button', { name: named('Cancel order: Remit EUR 3,000.00 to Charité – Universitätsmedizin Berlin') }).textContent,
    ).toBe('Cancel order');
    cleanup();

    // German groups with dots, puts the code after the amount and writes the date its way.
    localStorage.setItem('locale', 'de-DE');
    renderAt('/orders');
    expect(await screen.findByText('3.000,00 EUR an Charité – Universitätsmedizin Berlin überweisen')).toBeTruthy();
    expect(screen.getByText(/^Erstellt am \d{2}\.\d{2}\.2026$/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: named('Auftrag stornieren: 3.000,00 EUR an Charité – Universitätsmedizin Berlin überweisen') })
        .textContent,
    ).toBe('Auftrag stornieren');
  });

  it('offers cancel on a draft and not on a settled or ended order, naming the order', async () => {
    serveOrders(ORDERS.map((order) => ({ ...order })));
    renderAt('/orders');
    const rows = await screen.findAllByTestId('order-row');
    const cancel = within(rows[0]!).getByRole('button', { name: named(`取消订单：${DRAFT_SUMMARY}`) });
    expect(cancel.textContent).toBe('取消订单');
    for (const row of [rows[3]!, rows[4]!]) expect(within(row).queryByRole('button')).toBeNull();
  });

  it('offers cancel exactly where the order machine lets the payer cancel', async () => {
    const orders = STATUSES.map((status) => mine({ id: `s${status}`, status }));
    serveOrders(orders);
    renderAt('/orders');
    const rows = await screen.findAllByTestId('order-row');
    const now = new Date().toISOString();
    STATUSES.forEach((status, i) => {
      const allowed = can(
        snapshotOf({ ...emptyOrderData, id: `s${status}`, owner_id: '1', status }),
        { type: 'cancelOrder' },
        { id: '1', role: 'payer' },
        now,
      );
      expect(within(rows[i]!).queryByRole('button', { name: /^取消订单：/ }) !== null, `status ${status}`).toBe(allowed);
    });
    // The product's own case: a draft can be cancelled from the list.
    expect(within(rows[0]!).queryByRole('button', { name: /^取消订单：/ })).not.toBeNull();
  });

  it('offers no cancel on an order the server names someone else as owner of', async () => {
    serveOrders([makeOrder({ id: 'a0', status: 0, user: { id: 99, email: 'other@example.com' } })]);
    renderAt('/orders');
    expect(within(await draftRow()).queryByRole('button')).toBeNull();
  });

  it('cancels a draft after confirmation: posts its id, toasts, and the row shows it cancelled', async () => {
    serveOrders(ORDERS.map((order) => ({ ...order })));
    const user = userEvent.setup();
    renderAt('/orders');
    const row = await draftRow();
    await user.click(within(row).getByRole('button', { name: /^取消订单：/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`确定要取消订单“${DRAFT_SUMMARY}”吗？取消后不能恢复。`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确认取消' }));

    await waitFor(() => expect(within(row).getByText(zh['order.status.8'])).toBeTruthy());
    expect(callsTo('/step/order/cancel').map((call) => call.body)).toEqual([{ id: 'a0' }]);
    expect(callsTo('/step/order/findOrders')).toHaveLength(2);
    expect((await screen.findByTestId('toast-success')).textContent).toContain('订单已取消');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    // The button that had focus is gone: the keyboard carries on from the row's link.
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('link')));
    expect(screen.getAllByTestId('order-row')).toHaveLength(5);
  });

  it('posts nothing when the payer keeps the order', async () => {
    serveOrders(ORDERS.map((order) => ({ ...order })));
    const user = userEvent.setup();
    renderAt('/orders');
    const row = await draftRow();
    const cancel = within(row).getByRole('button', { name: /^取消订单：/ });
    await user.click(cancel);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '暂不取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('/step/order/cancel')).toHaveLength(0);
    expect(within(row).getByText('完善信息')).toBeTruthy();
    expect(document.activeElement).toBe(cancel);
  });

  it("toasts the server's refusal and leaves the row as it was, the dialog still usable", async () => {
    serveOrders(
      ORDERS.map((order) => ({ ...order })),
      () => fail(409, '订单状态已变更，不能取消', {}, 'order_refused.not_allowed_in_status'),
    );
    const user = userEvent.setup();
    renderAt('/orders');
    const row = await draftRow();
    await user.click(within(row).getByRole('button', { name: /^取消订单：/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '确认取消' }));

    expect((await screen.findByTestId('toast-error')).textContent).toContain('订单状态已变更，不能取消');
    expect(callsTo('/step/order/cancel')).toHaveLength(1);
    expect(callsTo('/step/order/findOrders')).toHaveLength(1);
    expect(screen.queryByTestId('toast-success')).toBeNull();
    expect(within(row).getByText('完善信息')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('button', { name: '确认取消' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: '暂不取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(row).getByRole('button', { name: /^取消订单：/ })).toBeTruthy();
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
