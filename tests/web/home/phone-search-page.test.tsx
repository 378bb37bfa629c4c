// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PhoneSearchPage from '../../../src/web/features/home/phone-search-page.js';
import { INSTITUTIONS, renderPages, signedIn } from '../auth/support.js';
import { serveApi } from '../support/api-server.js';

const renderPhone = (path: string) => renderPages(path, { '/home/phone': PhoneSearchPage });

describe('mobile institution search', () => {
  beforeEach(() => {
    localStorage.clear();
    serveApi({ '/public/resources': () => INSTITUTIONS });
  });
  afterEach(cleanup);

  it('while empty: the popular heading and every institution, linking to the amount step with from copied', async () => {
    renderPhone('/home/phone?from=poster');
    expect(screen.getByPlaceholderText('输入要缴费的机构（英文）')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '热门机构' })).toBeTruthy();
    const mayo = await screen.findByRole('link', { name: /梅奥诊所/ });
    expect(mayo.textContent).toContain('Mayo Clinic');
    expect(mayo.getAttribute('href')).toBe('/step/amount/?resource=1001&from=poster');
    expect(screen.getByRole('link', { name: '取消' }).getAttribute('href')).toBe('/');
  });

  it('logged in: typing filters on the English name', async () => {
    signedIn();
    renderPhone('/home/phone?from=home');
    await screen.findByRole('link', { name: /梅奥诊所/ });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'MUNICH');
    expect(screen.getByRole('heading', { name: '搜索结果' })).toBeTruthy();
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/step'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/step/amount/?resource=1004&from=home']);
    await user.click(links[0]!);
    expect(localStorage.getItem('resource')).toBe('1004');
  });

  it('typing a Chinese name finds the institution (悉尼 finds 悉尼大学)', async () => {
    signedIn();
    renderPhone('/home/phone?from=home');
    await screen.findByRole('link', { name: /梅奥诊所/ });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), '悉尼');
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/step'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/step/amount/?resource=1002&from=home']);
  });

  it.each([
    ['zh-CN', '找到 1 家机构', '找到 2 家机构'],
    ['en-US', '1 institution found', '2 institutions found'],
    ['de-DE', '1 Einrichtung gefunden', '2 Einrichtungen gefunden'],
  ])('counts the matches in %s with its plural rules', async (locale, one, two) => {
    localStorage.setItem('locale', locale);
    signedIn();
    renderPhone('/home/phone');
    await screen.findByRole('link', { name: /梅奥诊所/ });
    expect(screen.queryByTestId('match-count')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'mayo');
    expect(screen.getByTestId('match-count').textContent).toBe(one);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'university');
    expect(screen.getByTestId('match-count').textContent).toBe(two);
  });

  it('logged out: typing warns 未登录，请您先登录 and goes to /login', async () => {
    const { at } = renderPhone('/home/phone?from=home');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'm');
    expect(await screen.findByText('未登录，请您先登录')).toBeTruthy();
    await waitFor(() => expect(at().startsWith('/login')).toBe(true));
  });

  it('uses the placeholder of the chosen language', async () => {
    localStorage.setItem('locale', 'en-US');
    renderPhone('/home/phone');
    expect(screen.getByPlaceholderText('enter the institution to pay (English)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Popular institutions' })).toBeTruthy();
  });
});
