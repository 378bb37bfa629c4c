// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/web/app/router.js';
import SecurityPage from '../../../src/web/features/auth/security-page.js';
import { callsTo, serveApi } from '../support/api-server.js';
import { renderWithApp, testQueryClient } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

/** Patient waits: the bell is its own lazy chunk, slow on a busy machine. */
const PATIENT = { timeout: 5_000 };

const signInAs = (group: number) => {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: '张三', email: 'z@example.com', group }));
};

const NOTICE = {
  id: 'n-1',
  kind: 'materials_requested',
  order_id: 'order-7',
  order_no: 'PAY-7',
  title: '订单 PAY-7 需要补充材料',
  body: '银行要求补充材料：请补充护照首页',
  created_at: '2026-11-21T10:00:00.000Z',
  read_at: null,
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithApp(router, testQueryClient());
  return router;
}

describe('the bell in the header', () => {
  freshStorage();

  it("shows the unread count, lists the notices, and opens the payer's order marking it read", async () => {
    signInAs(0);
    let unread = 1;
    serveApi({
      'GET /notifications/unread': () => ({ count: unread }),
      '/notifications': () => ({ items: [{ ...NOTICE, read_at: unread ? null : NOTICE.created_at }], next_cursor: null }),
      '/notifications/read': () => ((unread = 0), { count: 1 }),
    });
    const router = renderAt('/no/page');
    expect((await screen.findByTestId('notification-count', {}, PATIENT)).textContent).toBe('1');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('notification-bell'));
    const item = await screen.findByText('订单 PAY-7 需要补充材料', {}, PATIENT);
    expect(screen.getByText('银行要求补充材料：请补充护照首页')).toBeTruthy();
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-7'), PATIENT);
    await waitFor(() => expect(callsTo('/notifications/read').map((call) => call.body)).toEqual([{ ids: ['n-1'] }]), PATIENT);
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull(), PATIENT);
  });

  it("opens the back office's order page for staff", async () => {
    signInAs(1);
    serveApi({
      'GET /notifications/unread': () => ({ count: 1 }),
      '/notifications': () => ({ items: [{ ...NOTICE, kind: 'documents_uploaded' }], next_cursor: null }),
      '/notifications/read': () => ({ count: 1 }),
    });
    renderAt('/no/page');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('notification-bell', {}, PATIENT));
    expect((await screen.findByTestId('notification-item')).getAttribute('data-target')).toBe('/manage/orders/order-7');
  });

  it('loads older notifications page by page, keeping the menu open, until there are no more', async () => {
    signInAs(0);
    const older = { ...NOTICE, id: 'n-0', title: '订单 PAY-6 已确认', created_at: '2026-11-20T08:00:00.000Z' };
    serveApi({
      'GET /notifications/unread': () => ({ count: 1 }),
      '/notifications': (body) =>
        body['cursor'] === 'after-n-1' ? { items: [older], next_cursor: null } : { items: [NOTICE], next_cursor: 'after-n-1' },
    });
    renderAt('/no/page');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('notification-bell', {}, PATIENT));
    await screen.findByText('订单 PAY-7 需要补充材料', {}, PATIENT);
    await user.click(screen.getByTestId('notification-more'));
    await screen.findByText('订单 PAY-6 已确认', {}, PATIENT);
    expect(screen.getAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.queryByTestId('notification-more')).toBeNull();
    expect(callsTo('/notifications').map((call) => call.body)).toEqual([{}, { cursor: 'after-n-1' }]);
  });
});

describe("the payer's choice of mails", () => {
  freshStorage();

  it('switches a mail off, and keeps the essential ones on and unswitchable', async () => {
    signInAs(0);
    const essential = ['materials_requested', 'money_short', 'deadline_reminder'];
    const calls = serveApi({
      '/notifications/preferences': (body) => ({
        locale: 'zh-CN',
        email_off: (body['email_off'] as string[] | undefined) ?? [],
        essential,
      }),
    });
    const router = createMemoryRouter([{ path: '/account/security', Component: SecurityPage }], { initialEntries: ['/account/security'] });
    renderWithApp(router, testQueryClient());
    const confirmed = (await screen.findByLabelText('订单已确认（金额和付款期限）')) as HTMLInputElement;
    expect(confirmed.checked).toBe(true);
    const short = screen.getByLabelText(/款项不足/) as HTMLInputElement;
    expect(short.checked).toBe(true);
    expect(short.disabled).toBe(true);
    await userEvent.setup().click(confirmed);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/notifications/preferences').at(-1)!.body).toEqual({ email_off: ['order_confirmed'] }),
    );
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(((await screen.findByLabelText('订单已确认（金额和付款期限）')) as HTMLInputElement).checked).toBe(false);
  });
});
