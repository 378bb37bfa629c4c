import { describe, expect, it } from 'vitest';
import { chooseInstitution } from './support/institution-choice.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { seeText, shown, waitForPath } from './support/ui.js';

const LOGIN_FIRST = '未登录，请您先登录';

/** SPEC.md section 2: what a visitor who is not logged in meets (the /orders redirect is in smoke). */
describe('logged out', () => {
  const e2e = useE2E();

  it('choosing an institution on the home page asks to log in, keeping resource and from', async () => {
    const { page, snap } = await e2e.page('desktop', 'logged-out-home');
    await page.goto('/?from=e2e');
    await snap('home');
    await chooseInstitution(page, 'desktop', snap, 'Munich', INSTITUTIONS.tum.nameEn);
    await seeText(page, LOGIN_FIRST);
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('resource')).toBe(String(INSTITUTIONS.tum.id));
    expect(url.searchParams.get('from')).toBe('e2e');
    await snap('login-with-resource');
  });

  it('typing in the phone institution search asks to log in (375 px)', async () => {
    const { page, snap } = await e2e.page('phone', 'logged-out-phone-search');
    await page.goto('/home/phone?from=e2e');
    await snap('phone-search');
    await shown(page.getByRole('searchbox').or(page.getByRole('textbox'))).pressSequentially('Mu');
    await seeText(page, LOGIN_FIRST);
    await waitForPath(page, '/login');
    await snap('login');
  });
});
