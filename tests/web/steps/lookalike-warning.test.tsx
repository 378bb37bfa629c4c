// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LookalikeOrder } from '../../../src/domain/contract/order-templates.js';
import { callsTo, fail, serveApi } from '../support/api-server.js';
import { findResourceStub, makeOrder, pressAndLand, renderAt } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

const filled = makeOrder({
  resource: '1004',
  accept_account_name: 'TUM',
  accept_account_no: 'DE10700500000000024866',
  accept_bank: 'BayernLB',
  accept_swift: 'BYLADEMM',
  student_last_name: '张',
  student_first_name: '三丰',
  student_email: 'zhang@example.com',
  payer_relation: '本人',
  payer_phone: '13800138000',
});
const QUOTE = { rate: '7.8', markup: '0.01', reserved_amount_rate: '7.878', cny_amount: '27573.00', payment_hours: 72 };
const OPEN: LookalikeOrder = {
  id: 'twin',
  order_no: '20260220-000003',
  status: 1,
  amount: '3500.00',
  currency: 'EUR',
  resource_name: '慕尼黑工业大学',
  created_at: '2026-02-20T08:00:00.000Z',
};

function checkApi(lookalikes: () => unknown) {
  return serveApi({
    '/step/order/find': () => filled,
    '/step/check/quote': () => QUOTE,
    '/step/check/update': (body) => ({ id: String(body.id) }),
    '/step/order/lookalikes': lookalikes,
  });
}
const confirmButton = () => screen.findByRole('button', { name: '确认订单并锁定汇率' });

describe('the warning about a look-alike open order', () => {
  signedInPayer();

  it('at step 4 names the other order, and confirms only when the payer continues anyway', async () => {
    checkApi(() => [OPEN]);
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    await waitFor(async () => expect((await confirmButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await confirmButton());

    const dialog = await screen.findByTestId('lookalike-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('您已有一笔相似的未完成订单');
    expect(dialog.textContent).toContain('收款机构、币种、金额和患者');
    const link = within(dialog).getByTestId('lookalike-order');
    expect(link.textContent).toBe('订单 20260220-000003 · 订单已确认，等待付款');
    expect(link.getAttribute('href')).toBe('/order/twin');
    expect(callsTo('/step/order/lookalikes')[0]!.body).toEqual({ id: 'o1' });
    expect(callsTo('/step/check/update')).toHaveLength(0);

    expect(
      await pressAndLand(user, router, within(dialog).getByRole('button', { name: '仍然继续' }), '/step/pay/o1', '/step/check/update'),
    ).toMatchObject({ id: 'o1' });
  });

  it('opens the other order instead, confirming nothing', async () => {
    checkApi(() => [OPEN]);
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    await waitFor(async () => expect((await confirmButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await confirmButton());
    await user.click(within(await screen.findByTestId('lookalike-dialog')).getByRole('button', { name: '打开该订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/twin'));
    expect(callsTo('/step/check/update')).toHaveLength(0);
  });

  it('goes straight on when there is no look-alike, or the question cannot be answered', async () => {
    for (const answer of [() => [], () => fail(500, 'down')]) {
      checkApi(answer);
      const user = userEvent.setup();
      const { router, unmount } = renderAt('/step/check/o1');
      await waitFor(async () => expect((await confirmButton()).hasAttribute('disabled')).toBe(false));
      await pressAndLand(user, router, await confirmButton(), '/step/pay/o1', '/step/check/update');
      expect(screen.queryByTestId('lookalike-dialog')).toBeNull();
      unmount();
    }
  });

  it('at step 1 warns before a new order for an institution and amount already open, in the chosen language', async () => {
    localStorage.setItem('locale', 'en-US');
    serveApi({
      '/public/findNotice': () => '',
      '/public/findResource': findResourceStub,
      '/public/findRate': () => '8.3',
      '/step/amount/create': () => ({ id: 'new-order' }),
      '/step/order/lookalikes': () => [OPEN],
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/amount/?resource=1004&from=web');
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '3500');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByTestId('lookalike-dialog');
    expect(dialog.textContent).toContain('same institution, currency and amount');
    expect(callsTo('/step/order/lookalikes')[0]!.body).toEqual({ resource: '1004', amount: '3500' });
    expect(callsTo('/step/amount/create')).toHaveLength(0);
    expect(
      await pressAndLand(
        user,
        router,
        within(dialog).getByRole('button', { name: 'Continue anyway' }),
        '/step/accept/new-order',
        '/step/amount/create',
      ),
    ).toEqual({ resource: '1004', amount: '3500', from: 'web' });
  });
});
