// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from '../../../src/web/features/auth/register-page.js';
import { fail, serveApi } from '../support/api-server.js';
import { anonymousCall, DEMO_USER, renderPages, signedIn, expectCheckedOnBlur } from './support.js';
import { freshStorage } from '../support/fresh-storage.js';

const renderRegister = (path = '/register') => renderPages(path, { '/register': RegisterPage });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const agreement = () => screen.getByRole<HTMLInputElement>('checkbox');

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('邮箱'), 'new@example.com');
  await user.type(input('密码'), 'secret-1234');
  await user.type(input('确认密码'), 'secret-1234');
}

describe('register page', () => {
  freshStorage();

  it("refuses to register until the agreement is ticked: '请先阅读并同意协议！'", async () => {
    const calls = serveApi({});
    renderRegister();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('请先阅读并同意协议！')).toBeTruthy();
    expect(agreement().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    await user.click(agreement());
    expect(screen.queryByText('请先阅读并同意协议！')).toBeNull();
  });

  it('checks the confirmation length on blur (equality is left to the server)', async () => {
    serveApi({});
    renderRegister();
    const user = userEvent.setup();
    await expectCheckedOnBlur(user, input('确认密码'), '12345', '确认密码至少需要 6 个字符', '6');
  });

  it("registers with the link's key as code, logs in and offers '去汇款' to the redirect target", async () => {
    const calls = serveApi({ '/auth/register': () => ({ access_token: 'reg-token', user: DEMO_USER }) });
    renderRegister(`/register?key=INV42&redirect=${encodeURIComponent('/step/amount/')}&resource=1001`);
    const user = userEvent.setup();
    expect(input('邀请码').value).toBe('INV42');
    await fillValid(user);
    await user.click(agreement());
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(calls[0]).toEqual(
      anonymousCall('/auth/register', {
        email: 'new@example.com',
        password: 'secret-1234',
        password_confirmation: 'secret-1234',
        code: 'INV42',
      }),
    );
    expect(screen.getByRole('link', { name: '去汇款' }).getAttribute('href')).toBe('/step/amount/?resource=1001');
    expect(localStorage.getItem('access_token')).toBe('reg-token');
  });

  it("'去汇款' goes to / without a redirect; '已注册？登录' links to /login", async () => {
    serveApi({ '/auth/register': () => ({ access_token: 'reg-token', user: DEMO_USER }) });
    renderRegister();
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: '已注册？登录' }).getAttribute('href')).toBe('/login');
    await fillValid(user);
    await user.click(agreement());
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect((await screen.findByRole('link', { name: '去汇款' })).getAttribute('href')).toBe('/');
  });

  it("shows the server's errors in a red alert and resets the form", async () => {
    serveApi({ '/auth/register': () => fail(422, '该邮箱已注册', { email: ['该邮箱已注册'] }) });
    const { at } = renderRegister();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(agreement());
    await user.click(screen.getByRole('button', { name: '注册' }));
    const text = await screen.findByText('该邮箱已注册');
    expect(text.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(input('邮箱').value).toBe(''));
    expect(agreement().checked).toBe(false);
    expect(at()).toBe('/register');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('links the agreement titles to /terms and /privacy in a new tab, keeping the sentence as the checkbox name', () => {
    serveApi({});
    renderRegister();
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》和《隐私政策》' })).toBeTruthy();
    const terms = screen.getByRole('link', { name: '《用户服务协议》', description: '（在新窗口打开）' });
    const privacy = screen.getByRole('link', { name: '《隐私政策》', description: '（在新窗口打开）' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
  });

  it('does not tick the agreement, leave the page or lose the typed values when a title is clicked', async () => {
    serveApi({});
    const { at } = renderRegister();
    const user = userEvent.setup();
    await user.type(input('邮箱'), 'new@example.com');
    for (const name of ['《用户服务协议》', '《隐私政策》']) {
      // A plain click, which jsdom treats as browsers do: a link inside a <label> does not activate
      // it. user-event's click emulation would tick the box for any click within the label.
      fireEvent.click(screen.getByRole('link', { name }));
      expect(agreement().checked).toBe(false);
    }
    expect(at()).toBe('/register');
    expect(input('邮箱').value).toBe('new@example.com');
    await user.click(screen.getByText('我已阅读并同意', { exact: false }));
    expect(agreement().checked).toBe(true);
  });

  it('shows the agreement links in the chosen language', () => {
    localStorage.setItem('locale', 'en-US');
    serveApi({});
    renderRegister();
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service and the Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service', description: '(opens in a new window)' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  describe('a signed-in visitor is sent on', () => {
    beforeEach(signedIn);

    it('to a local redirect target', async () => {
      const { at } = renderRegister(`/register?redirect=${encodeURIComponent('/orders')}`);
      await waitFor(() => expect(at()).toBe('/orders'));
      expect(screen.queryByRole('checkbox')).toBeNull();
    });

    it("to '/' without a redirect", async () => {
      const { at } = renderRegister();
      await waitFor(() => expect(at()).toBe('/'));
    });

    it("to '/' when the redirect leaves the app", async () => {
      const { at, router } = renderRegister(`/register?redirect=${encodeURIComponent('https://evil.example')}`);
      await waitFor(() => expect(at()).toBe('/'));
      // Replaced, not pushed: Back does not return to a page that would send the visitor on again.
      expect(router.state.historyAction).toBe('REPLACE');
    });
  });

  it('shows the validation messages in the chosen language', async () => {
    localStorage.setItem('locale', 'de-DE');
    serveApi({});
    renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeTruthy();
    expect(screen.getByText('Bitte lesen und akzeptieren Sie zuerst die Vereinbarung!')).toBeTruthy();
  });

  it('says a password is too long in the chosen language', async () => {
    localStorage.setItem('locale', 'de-DE');
    serveApi({});
    renderRegister();
    const user = userEvent.setup();
    const [password] = screen.getAllByLabelText(/Passwort/);
    await user.click(password!);
    await user.paste('x'.repeat(130));
    await user.tab();
    expect(await screen.findByText('Höchstens 128 Zeichen')).toBeTruthy();
  });

  it("says in the chosen language when the network fails, not in the server's", async () => {
    localStorage.setItem('locale', 'en-US');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    const [password, confirmation] = screen.getAllByLabelText(/password/i);
    await user.type(password!, 'secret-123');
    await user.type(confirmation!, 'secret-123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Network connection failed. Please check your network and try again.')).toBeTruthy();
  });
});
