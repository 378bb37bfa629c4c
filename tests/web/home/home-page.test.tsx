// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import HomePage from '../../../src/web/features/home/home-page.js';
import { filterInstitutions, matchesInstitution } from '../../../src/web/features/home/institutions.js';
import { INSTITUTIONS, renderPages, signedIn, stubWidth } from '../auth/support.js';
import { fail, serveApi } from '../support/api-server.js';

const renderHome = (path = '/') => renderPages(path, { '/': HomePage });

describe('institution matching', () => {
  it('matches on the English or the Chinese name, ignoring case and surrounding spaces', () => {
    const mayo = INSTITUTIONS[1]!;
    expect(matchesInstitution(mayo, 'mayo')).toBe(true);
    expect(matchesInstitution(mayo, '  CLINIC ')).toBe(true);
    expect(matchesInstitution(mayo, '梅奥')).toBe(true);
    expect(matchesInstitution(mayo, '悉尼')).toBe(false);
    const sydney = { ...mayo, name: '悉尼大学', name_en: 'The University of Sydney' };
    expect(matchesInstitution(sydney, '悉尼')).toBe(true);
    expect(matchesInstitution(sydney, ' 悉尼大学 ')).toBe(true);
    expect(matchesInstitution(mayo, '')).toBe(true);
    const charite = { ...mayo, name_en: 'Charité – Universitätsmedizin Berlin' };
    expect(matchesInstitution(charite, 'charite')).toBe(true);
    expect(matchesInstitution(charite, 'universitatsmedizin')).toBe(true);
    expect(matchesInstitution(charite, 'CHARITÉ')).toBe(true);
    expect(filterInstitutions(INSTITUTIONS, 'UNIVERSITY').map((i) => i.id)).toEqual([1002, 1004]);
  });
});

describe('home page', () => {
  beforeEach(() => {
    localStorage.clear();
    serveApi({ '/public/resources': () => INSTITUTIONS });
    stubWidth(1280);
  });
  afterEach(cleanup);

  it('shows the tagline and a selector asking for the English name; options show both names', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('专业的海外医疗缴费服务');
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('placeholder')).toBe('请输入机构的英文名称');
    const user = userEvent.setup();
    await user.click(input);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(4);
    expect(within(options[1]!).getByText('梅奥诊所')).toBeTruthy();
    expect(options[1]!.textContent).toContain('Mayo Clinic');
  });

  it('filters on the English name case-insensitively, and on the Chinese name', async () => {
    renderHome();
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'sYdNeY');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('悉尼大学')]);
    // Screen readers hear how many matched.
    expect(screen.getByTestId('match-count').textContent).toBe('找到 1 家机构');
    await user.clear(input);
    await user.type(input, '悉尼');
    const chinese = await screen.findAllByRole('option');
    expect(chinese.map((o) => o.textContent)).toEqual([expect.stringContaining('The University of Sydney')]);
    expect(within(chinese[0]!).getByText('悉尼').tagName).toBe('MARK');
    await user.clear(input);
    await user.type(input, '东京');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('没有找到匹配的机构')).toBeTruthy();
  });

  it('logged out: choosing with the keyboard warns 未登录，请您先登录 and goes to /login with resource and from', async () => {
    const { at } = renderHome('/?from=wechat-ad');
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'university');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('未登录，请您先登录')).toBeTruthy();
    await waitFor(() => expect(at()).toBe('/login?resource=1004&from=wechat-ad'));
    expect(localStorage.getItem('resource')).toBeNull();
  });

  it("logged in: choosing stores the resource and goes to the amount step with from='home'", async () => {
    signedIn();
    const { at } = renderHome();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Mayo Clinic/ }));
    await waitFor(() => expect(at()).toBe('/step/amount/?resource=1001&from=home'));
    expect(localStorage.getItem('resource')).toBe('1001');
  });

  it('Escape closes the list and ArrowUp wraps to the last option', async () => {
    renderHome();
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.click(input);
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options[3]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('narrower than 576 px: focusing the selector goes to /home/phone with the source', async () => {
    stubWidth(375);
    const { at } = renderHome('/?from=poster');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    await waitFor(() => expect(at()).toBe('/home/phone?from=poster'));
  });

  it('back from login with ?resource=: continues to the amount step', async () => {
    signedIn();
    const { at } = renderHome('/?resource=1002&from=home');
    await waitFor(() => expect(at()).toBe('/step/amount/?resource=1002&from=home'));
    expect(localStorage.getItem('resource')).toBe('1002');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    serveApi({ '/public/resources': () => fail(500, 'boom') });
    renderHome();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('机构列表加载失败')).toBeTruthy();
    serveApi({ '/public/resources': () => INSTITUTIONS });
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findAllByRole('option')).toHaveLength(4);
  });
});
