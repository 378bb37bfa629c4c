// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../src/web/features/auth/login-page.js';
import { fail, serveApi } from '../support/api-server.js';
import { anonymousCall, DEMO_USER, renderPages, signedIn, expectCheckedOnBlur } from './support.js';

const renderLogin = (path = '/login') => renderPages(path, { '/login': LoginPage });
const SESSION = () => ({ access_token: 'new-token', user: DEMO_USER });
/** The server's WeChat configuration, as /public/wechatConfig answers it. */
const apps = (mp: string | null, open: string | null) => ({ '/public/wechatConfig': () => ({ mp_app_id: mp, open_app_id: open }) });
const OPEN_APP = apps(null, 'wx-open-1');
const WRONG = () => fail(422, '邮箱或密码错误', { email: ['邮箱或密码错误'] });

const email = () => screen.getByLabelText<HTMLInputElement>('邮箱');
const password = () => screen.getByLabelText<HTMLInputElement>('密码');

describe('login page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(cleanup);

  it('validates a field on blur only when it is not empty, and clears the error on change once valid', async () => {
    serveApi({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(email());
    await user.tab();
    expect(screen.queryByText('请输入邮箱')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();

    await user.type(email(), 'payer@');
    expect(screen.queryByText('请输入有效的邮箱地址')).toBeNull(); // not while typing
    await user.tab();
    expect(screen.getByText('请输入有效的邮箱地址')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await user.type(email(), 'example');
    expect(screen.getByText('请输入有效的邮箱地址')).toBeTruthy(); // still invalid
    await user.type(email(), '.com');
    expect(screen.queryByText('请输入有效的邮箱地址')).toBeNull();

    await expectCheckedOnBlur(user, password(), '123', '密码至少需要 6 个字符', '456');
  });

  it('submit checks every field and calls nothing while invalid', async () => {
    const calls = serveApi({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入邮箱')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/auth/login')).toHaveLength(0);
  });

  it('logs in and goes to the redirect target, keeping the rest of the query', async () => {
    const calls = serveApi({ '/auth/login': SESSION });
    const { at } = renderLogin(`/login?redirect=${encodeURIComponent('/orders?page=2')}&resource=1001&from=home`);
    const user = userEvent.setup();
    await user.type(email(), 'payer@example.com');
    await user.type(password(), 'payer-demo-2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(at()).toBe('/orders?page=2&resource=1001&from=home'));
    expect(calls.filter((call) => call.path === '/auth/login')).toEqual([
      anonymousCall('/auth/login', { email: 'payer@example.com', password: 'payer-demo-2026', RememberMe: true }),
    ]);
    expect(localStorage.getItem('access_token')).toBe('new-token');
  });

  it("without a redirect it goes to '/', still keeping resource and from", async () => {
    serveApi({ '/auth/login': SESSION });
    const { at } = renderLogin('/login?resource=1001&from=home');
    const user = userEvent.setup();
    await user.type(email(), 'payer@example.com');
    await user.type(password(), 'payer-demo-2026');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(at()).toBe('/?resource=1001&from=home'));
  });

  it("shows the server's error texts in a red alert and resets the form", async () => {
    serveApi({ '/auth/login': WRONG });
    const { at } = renderLogin();
    const user = userEvent.setup();
    await user.type(email(), 'payer@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    const text = await screen.findByText('邮箱或密码错误');
    expect(text.closest('[role="alert"]')).toBeTruthy();
    expect(email().value).toBe('');
    expect(password().value).toBe('');
    expect(at()).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends an authenticated visitor on to the redirect target with the query', async () => {
    signedIn();
    const { at } = renderLogin(`/login?redirect=${encodeURIComponent('/orders')}&from=home`);
    await waitFor(() => expect(at()).toBe('/orders?from=home'));
  });

  it('never redirects outside the app', async () => {
    signedIn();
    const { at } = renderLogin(`/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(at()).toBe('/'));
  });

  it('links to /register (keeping the query) and /forgot-password', () => {
    serveApi({});
    renderLogin('/login?redirect=%2Forders');
    expect(screen.getByRole('link', { name: '还没有账户？注册' }).getAttribute('href')).toBe('/register?redirect=%2Forders');
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/forgot-password');
  });

  describe('WeChat', () => {
    it('says WeChat login is not configured when the server has no app id, or cannot be asked', async () => {
      serveApi(apps(null, null));
      renderLogin();
      expect((await screen.findByTestId('wechat-not-configured')).textContent).toContain('微信登录暂未配置');
      expect(document.querySelector('iframe')).toBeNull();
      cleanup();
      serveApi({});
      renderLogin();
      expect((await screen.findByTestId('wechat-not-configured')).textContent).toContain('微信登录暂未配置');
    });

    it("outside WeChat embeds the provider's QR login for the website app", async () => {
      serveApi(OPEN_APP);
      renderLogin('/login?redirect=%2Forders');
      const frame = (await screen.findByTitle('微信扫码登录')) as HTMLIFrameElement;
      const src = new URL(frame.src);
      expect(src.origin + src.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
      expect(src.searchParams.get('appid')).toBe('wx-open-1');
      expect(src.searchParams.get('scope')).toBe('snsapi_login');
      expect(src.searchParams.get('response_type')).toBe('code');
      expect(src.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login?redirect=%2Forders`);
      expect(src.searchParams.get('state')).toBe(sessionStorage.getItem('wechat_oauth_state'));
    });

    it("inside WeChat offers '点击授权登录'", async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0.50');
      serveApi(apps('wx-mp-1', 'wx-open-1'));
      renderLogin();
      expect(await screen.findByRole('button', { name: '点击授权登录' })).toBeTruthy();
      expect(document.querySelector('iframe')).toBeNull();
      vi.restoreAllMocks();
    });

    it('on return with ?code= submits it with the app id in use and goes on without code and state', async () => {
      sessionStorage.setItem('wechat_oauth_state', 'st-1');
      const calls = serveApi({ ...OPEN_APP, '/auth/wechatlogin': SESSION });
      const { at } = renderLogin('/login?redirect=%2Forders&from=home&code=c0de&state=st-1');
      await waitFor(() => expect(at()).toBe('/orders?from=home'));
      expect(calls.filter((call) => call.path === '/auth/wechatlogin')).toEqual([
        anonymousCall('/auth/wechatlogin', { code: 'c0de', appId: 'wx-open-1', loginWay: 'wechat', RememberMe: true }),
      ]);
      expect(localStorage.getItem('access_token')).toBe('new-token');
    });

    it('refuses a code whose state this tab did not send', async () => {
      sessionStorage.setItem('wechat_oauth_state', 'st-1');
      const calls = serveApi({ ...OPEN_APP, '/auth/wechatlogin': SESSION });
      const { at } = renderLogin('/login?code=c0de&state=forged');
      expect(await screen.findByText('微信登录已失效，请重新扫码或授权。')).toBeTruthy();
      expect(calls.filter((call) => call.path === '/auth/wechatlogin')).toHaveLength(0);
      await waitFor(() => expect(at()).toBe('/login'));
    });

    it('shows a failed WeChat login in the red alert', async () => {
      sessionStorage.setItem('wechat_oauth_state', 'st-1');
      serveApi({ ...OPEN_APP, '/auth/wechatlogin': () => fail(422, '微信登录失败，请重试', { code: ['微信登录失败，请重试'] }) });
      const { at } = renderLogin('/login?code=c0de&state=st-1');
      const text = await screen.findByText('微信登录失败，请重试');
      expect(text.closest('[role="alert"]')).toBeTruthy();
      await waitFor(() => expect(at()).toBe('/login'));
    });
  });
});
