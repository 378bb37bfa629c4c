// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ForgotPasswordPage from '../../../src/web/features/auth/forgot-password-page.js';
import { redirectTarget } from '../../../src/web/features/auth/redirect.js';
import ResetPasswordPage from '../../../src/web/features/auth/reset-password-page.js';
import { fail, serveApi } from '../support/api-server.js';
import { anonymousCall, renderPages, signedIn, expectCheckedOnBlur } from './support.js';
import { freshStorage } from '../support/fresh-storage.js';

const pages = { '/forgot-password': ForgotPasswordPage, '/reset-password': ResetPasswordPage };
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('forgot password', () => {
  freshStorage();

  it("validates the email on blur and sends the link: '已发送密码重置链接！'", async () => {
    const calls = serveApi({ '/auth/forgot-password': () => ({ message: '已发送密码重置链接！' }) });
    renderPages('/forgot-password', pages);
    const user = userEvent.setup();
    await expectCheckedOnBlur(user, input('邮箱'), 'payer', '请输入有效的邮箱地址', '@example.com');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect((await screen.findAllByText('已发送密码重置链接！')).length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ path: '/auth/forgot-password', body: { email: 'payer@example.com' } });
  });

  it('sends an authenticated user away', async () => {
    signedIn();
    const { at } = renderPages('/forgot-password', pages);
    await waitFor(() => expect(at()).toBe('/'));
  });
});

describe('reset password', () => {
  freshStorage();

  it('says clearly when the link lacks id or token', () => {
    serveApi({});
    renderPages('/reset-password?id=7', pages);
    expect(screen.getByRole('alert').textContent).toContain('缺少 id 或 token');
    expect(screen.queryByLabelText('新密码')).toBeNull();
    expect(screen.getByRole('link', { name: '重新获取重置链接' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('says so at once when the id or token is one the domain refuses (not only after a submit)', () => {
    serveApi({});
    renderPages(`/reset-password?id=${'7'.repeat(65)}&token=tok-abc`, pages);
    expect(screen.getByRole('alert').textContent).toContain('缺少 id 或 token');
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });

  it("resets with id and token from the query: '您的密码已重置！'", async () => {
    const calls = serveApi({ '/auth/password-reset': () => ({ message: '您的密码已重置！' }) });
    renderPages('/reset-password?id=7&token=tok-abc', pages);
    const user = userEvent.setup();
    // A new password follows the policy's 10 characters (the server adds staff's 12 and the common list).
    await expectCheckedOnBlur(user, input('新密码'), 'short', '密码至少需要 10 个字符', '-enough');
    await user.type(input('确认密码'), 'short-enough');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect((await screen.findAllByText('您的密码已重置！')).length).toBeGreaterThan(0);
    expect(calls[0]).toEqual(
      anonymousCall('/auth/password-reset', { id: '7', token: 'tok-abc', password: 'short-enough', password_confirmation: 'short-enough' }),
    );
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login');
  });

  it("shows a failure's errors in the red alert and resets the form; status 202 counts as a failure", async () => {
    serveApi({ '/auth/password-reset': () => fail(422, 'x', { token: ['密码重置链接无效或已过期，请重新申请'] }) });
    renderPages('/reset-password?id=7&token=tok-abc', pages);
    const user = userEvent.setup();
    await user.type(input('新密码'), 'secret-1234');
    await user.type(input('确认密码'), 'secret-1234');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect((await screen.findByText('密码重置链接无效或已过期，请重新申请')).closest('[role="alert"]')).toBeTruthy();
    expect(input('新密码').value).toBe('');

    serveApi({ '/auth/password-reset': () => ({ message: '链接已使用', status: 202 }) });
    await user.type(input('新密码'), 'secret-1234');
    await user.type(input('确认密码'), 'secret-1234');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect((await screen.findByText('链接已使用')).closest('[role="alert"]')).toBeTruthy();
  });

  it('sends an authenticated user away', async () => {
    signedIn();
    const { at } = renderPages('/reset-password?id=7&token=t&from=home', pages);
    await waitFor(() => expect(at()).toBe('/?from=home'));
  });
});

describe('redirect target', () => {
  it("is the redirect value or '/', with the other parameters and without the OAuth ones", () => {
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?resource=1&from=home')).toBe('/?resource=1&from=home');
    expect(redirectTarget('?redirect=%2Forders%3Fpage%3D2&from=x&code=c&state=s')).toBe('/orders?page=2&from=x');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBe('/');
  });
});
