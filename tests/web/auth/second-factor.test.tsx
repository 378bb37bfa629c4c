// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/web/app/router.js';
import LoginPage from '../../../src/web/features/auth/login-page.js';
import SecurityPage from '../../../src/web/features/auth/security-page.js';
import { fail, serveApi } from '../support/api-server.js';
import { renderWithApp, testQueryClient } from '../support/render-with-app.js';
import { renderPages } from './support.js';
import { freshStorage } from '../support/fresh-storage.js';

/** DESIGN.md section 12 in the web: log out through the API, the login's second step, /account/security. */

const ADMIN = { id: 3, name: 'boss', email: 'boss@example.com', group: 1 };
const NOT_ENROLLED = { totp: false, passkeys: 0, recovery_codes_left: 0, required: true };
const WECHAT_OFF = { '/public/wechatConfig': () => ({ mp_app_id: null, open_app_id: null }) };

const signInAs = (user: object) => {
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('user', JSON.stringify(user));
};
const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithApp(router, testQueryClient());
  return router;
};

describe('the user menu', () => {
  freshStorage();

  it('logs out through the API with the token first, then clears the session', async () => {
    signInAs(ADMIN);
    const calls = serveApi({ '/auth/logout': () => ({ message: '已退出登录' }) });
    renderApp('/no/page');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('账户安全')).toBeTruthy();
    await user.click(screen.getByText('退出登录'));
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/auth/logout', body: { everywhere: false }, authorization: 'Bearer token-1' }),
    );
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('signs out everywhere, and clears the session even when the server fails', async () => {
    signInAs({ ...ADMIN, group: 0 });
    const calls = serveApi({ '/auth/logout': () => fail(503, '服务暂时不可用') });
    renderApp('/no/page');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    // A payer has no second factor, but chooses their notification mails on the account page.
    expect(screen.getByText('账户安全')).toBeTruthy();
    await user.click(await screen.findByText('退出所有设备'));
    expect(await screen.findByText('已在所有设备上退出登录')).toBeTruthy();
    expect(calls).toContainEqual(expect.objectContaining({ path: '/auth/logout', body: { everywhere: true } }));
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('the login’s second step', () => {
  freshStorage();

  const logIn = async () => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('邮箱'), 'boss@example.com');
    await user.type(screen.getByLabelText('密码'), 'staff-password-2026');
    await user.click(screen.getByRole('button', { name: '登录' }));
    return user;
  };

  it('asks for the 6-digit code when the server answers mfa_required, and signs in with it', async () => {
    const calls = serveApi({
      ...WECHAT_OFF,
      '/auth/login': () => ({ mfa_required: true, mfa_token: 'mfa-1' }),
      '/auth/mfa/verify': (body) =>
        body['code'] === '123456'
          ? { access_token: 'staff-token', user: ADMIN }
          : fail(422, '验证码无效或已使用', { code: ['验证码无效或已使用'] }, 'mfa_code_invalid'),
      '/auth/mfa/status': () => ({ ...NOT_ENROLLED, totp: true }),
    });
    const { at } = renderPages('/login?redirect=%2Fmanage', { '/login': LoginPage });
    const user = await logIn();
    const code = await screen.findByLabelText('验证码');
    expect(screen.getByRole('button', { name: '使用通行密钥' })).toBeTruthy();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('验证码无效或已使用')).toBeTruthy();
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(at()).toBe('/manage'));
    expect(localStorage.getItem('access_token')).toBe('staff-token');
    expect(calls.filter((call) => call.path === '/auth/mfa/verify').map((call) => call.body)).toEqual([
      { mfa_token: 'mfa-1', code: '000000' },
      { mfa_token: 'mfa-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const calls = serveApi({
      ...WECHAT_OFF,
      '/auth/login': () => ({ mfa_required: true, mfa_token: 'mfa-2' }),
      '/auth/mfa/verify': () => ({ access_token: 'staff-token', user: ADMIN }),
      '/auth/mfa/status': () => ({ ...NOT_ENROLLED, totp: true }),
    });
    renderPages('/login', { '/login': LoginPage });
    const user = await logIn();
    await user.click(await screen.findByRole('button', { name: '使用恢复码' }));
    await user.type(screen.getByLabelText('恢复码'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('staff-token'));
    expect(calls.find((call) => call.path === '/auth/mfa/verify')!.body).toEqual({ mfa_token: 'mfa-2', code: 'abcd-efgh-ijkl-mnop' });
  });

  it('sends a staff member without a factor to /account/security where one is required', async () => {
    const calls = serveApi({
      ...WECHAT_OFF,
      '/auth/login': () => ({ access_token: 'new-staff', user: ADMIN }),
      '/auth/mfa/status': () => NOT_ENROLLED,
    });
    const { at } = renderPages('/login?redirect=%2Fmanage', { '/login': LoginPage });
    await logIn();
    await waitFor(() => expect(at()).toBe('/account/security'));
    // Asked with the new token before it was stored.
    expect(calls.find((call) => call.path === '/auth/mfa/status')!.authorization).toBe('Bearer new-staff');
  });
});

describe('/account/security', () => {
  freshStorage();

  it('sets up an authenticator app: QR from the server, confirm a code, the recovery codes shown once', async () => {
    signInAs(ADMIN);
    let enrolled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-ddd${'abcdefghij'[i]}`);
    const calls = serveApi({
      '/auth/mfa/status': () => (enrolled ? { totp: true, passkeys: 0, recovery_codes_left: 10, required: true } : NOT_ENROLLED),
      '/auth/mfa/totp/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      '/auth/mfa/totp/confirm': () => ((enrolled = true), { recovery_codes: codes }),
    });
    renderPages('/account/security', { '/account/security': SecurityPage });
    expect((await screen.findByRole('alert')).textContent).toContain('请先设置第二重验证');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '设置验证器应用' }));
    const qr = (await screen.findByAltText('验证器应用的二维码')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('6 位验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '确认' }));
    const shown = await screen.findByTestId('recovery-codes');
    for (const code of codes) expect(shown.textContent).toContain(code);
    expect(calls.find((call) => call.path === '/auth/mfa/totp/confirm')!.body).toEqual({ code: '654321' });
    await user.click(screen.getByRole('button', { name: '我已保存恢复码' }));
    expect(await screen.findByText('已启用。剩余恢复码：10 个')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });
});
