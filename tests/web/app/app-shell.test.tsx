// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/web/app/router.js';
import { fail, serveApi } from '../support/api-server.js';
import { renderWithApp, testQueryClient } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

function renderAt(path: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithApp(router, queryClient);
  return router;
}

const signInAs = (group: number) => {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: '张三', email: 'z@example.com', group }));
};

describe('app shell', () => {
  freshStorage();

  it("shows '404 页面不存在' (in Chinese, issue 24) for an unknown path, with the header and the filing number", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('404 页面不存在')).toBeTruthy();
    expect(screen.getAllByText('申请缴费').length).toBeGreaterThan(0);
    expect(screen.getByTestId('filing-number').textContent).toBe('京ICP备2020012345号-1');
  });

  it('sends a visitor of a login-only route to /login, remembering it', async () => {
    const router = renderAt('/orders?page=2');
    // The login page's chunk (with the domain's schemas) may take a moment on a cold run.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/orders?page=2')}`);
  });

  it('offers the admin console only to group non-zero, and logs out with 已退出登录', async () => {
    signInAs(0);
    renderAt('/no/page');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('我的订单')).toBeTruthy();
    expect(screen.queryByText('管理后台')).toBeNull();
    await user.click(screen.getByText('退出登录'));
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
    cleanup();

    signInAs(2);
    renderAt('/no/page');
    await user.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('管理后台')).toBeTruthy();
  });

  it('switches the language and keeps it, the brand and the page title too', async () => {
    renderAt('/no/page');
    const user = userEvent.setup();
    const [menu] = await screen.findAllByRole('button', { name: '语言: 中文' });
    expect(screen.getByText('海外医疗缴费')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('海外医疗缴费'));
    await user.click(menu!);
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findAllByText('Apply for payment')).not.toHaveLength(0);
    expect(screen.getByText('Overseas Medical Payments')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Overseas Medical Payments'));
    expect(localStorage.getItem('locale')).toBe('en-US');
    // The menu's name says which language is on.
    expect(await screen.findAllByRole('button', { name: 'Language: English' })).not.toHaveLength(0);
  });

  it('logs out of a login-only page to the home page, not to /login', async () => {
    signInAs(0);
    serveApi({ '/step/order/findOrders': () => [] });
    const router = renderAt('/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByText('退出登录'));
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("a 401 ends the session, goes to /login and empties the cache of the user's data", async () => {
    signInAs(0);
    serveApi({ '/step/order/findOrders': () => fail(401, '未登录或登录已过期') });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['orders', 'detail', 'o1'], { id: 'o1' });
    const router = renderAt('/orders', queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(localStorage.getItem('access_token')).toBeNull();
    // The login page reads the public WeChat settings anew; nothing of the user's orders is left.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['orders'] })).toHaveLength(0);
  });

  it("logging out empties the cache of the user's data", async () => {
    signInAs(0);
    serveApi({ '/step/order/findOrders': () => [] });
    const queryClient = testQueryClient();
    renderAt('/orders', queryClient);
    expect(await screen.findByTestId('orders-empty')).toBeTruthy();
    // The list is paged: its one page, empty, and no next.
    expect(queryClient.getQueryData(['orders', 'list'])).toEqual({ pages: [{ data: [], next: null }], pageParams: [null] });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(queryClient.getQueryData(['orders', 'list'])).toBeUndefined());
  });

  it('a signed-in user who switches the language has their notices written in it; a visitor calls nothing', async () => {
    const visitorCalls = serveApi({});
    renderAt('/no/page');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '语言: 中文' }))[0]!);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await screen.findAllByRole('button', { name: 'Sprache: Deutsch' });
    expect(visitorCalls.filter((call) => call.path === '/notifications/preferences')).toEqual([]);
    cleanup();

    signInAs(0);
    const calls = serveApi({
      '/notifications/preferences': () => ({ locale: 'en-US', email_off: [] }),
      '/step/order/findOrders': () => [],
    });
    renderAt('/orders');
    await user.click((await screen.findAllByRole('button', { name: 'Sprache: Deutsch' }))[0]!);
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/notifications/preferences').map((call) => call.body)).toEqual([{ locale: 'en-US' }]),
    );
  });

  it('tells the user when their notices’ language could not be saved', async () => {
    signInAs(0);
    serveApi({ '/notifications/preferences': () => fail(503, '服务暂不可用'), '/step/order/findOrders': () => [] });
    renderAt('/orders');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '语言: 中文' }))[0]!);
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('服务暂不可用');
  });

  it('tells a payer who opens the warehouse that it is not theirs, calling nothing', async () => {
    signInAs(0);
    const calls = serveApi({});
    renderAt('/stocks');
    expect((await screen.findByTestId('warehouse-refused')).textContent).toContain('您没有访问仓库的权限');
    expect(calls.filter((call) => call.path.startsWith('/warehouse'))).toEqual([]);
  });
});
