// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/web/app/router.js';
import { renderWithApp } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

/** Through the app's own route table, so the lazy /terms and /privacy routes are covered too. */
const renderAt = (path: string) => renderWithApp(createMemoryRouter(routes, { initialEntries: [path] }));
const heading = (level: number, name: string) => screen.findByRole('heading', { level, name });

describe('legal pages', () => {
  freshStorage();

  it('/terms shows the Terms of Service in zh-CN, with its sections and a link to the privacy policy', async () => {
    renderAt('/terms');
    expect(await heading(1, '用户服务协议')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '二、订单与汇率' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '三、付款期限' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '五、退款' })).toBeTruthy();
    const article = screen.getByRole('article', { name: '用户服务协议' });
    expect(within(article).getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/privacy');
  });

  it('/privacy shows the Privacy Policy in zh-CN, with its sections and a link to the terms', async () => {
    renderAt('/privacy');
    expect(await heading(1, '隐私政策')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '一、我们处理的个人信息' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '五、您的权利' })).toBeTruthy();
    expect(screen.getByText(/^订单信息：.*身份证件号码/)).toBeTruthy();
    const article = screen.getByRole('article', { name: '隐私政策' });
    expect(within(article).getByRole('link', { name: '用户服务协议' }).getAttribute('href')).toBe('/terms');
  });

  it('shows both texts in en-US', async () => {
    localStorage.setItem('locale', 'en-US');
    renderAt('/terms');
    expect(await heading(1, 'Terms of Service')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '5. Refunds' })).toBeTruthy();
    cleanup();
    renderAt('/privacy');
    expect(await heading(1, 'Privacy Policy')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '5. Your rights' })).toBeTruthy();
  });

  it('shows both texts in de-DE', async () => {
    localStorage.setItem('locale', 'de-DE');
    renderAt('/terms');
    expect(await heading(1, 'Nutzungsbedingungen')).toBeTruthy();
    cleanup();
    renderAt('/privacy');
    expect(await heading(1, 'Datenschutzerklärung')).toBeTruthy();
  });
});
