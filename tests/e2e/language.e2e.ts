import { describe, expect, it } from 'vitest';
import { useE2E } from './support/suite.js';
import { chooseLanguage, languageSelect, seeText } from './support/ui.js';

/** SPEC.md: Chinese by default, English and German available; the choice is kept in localStorage 'locale'. */
describe('language', () => {
  const e2e = useE2E();

  it('switches to English in the header, keeps it after a reload, and back to 中文', async () => {
    const { page, snap } = await e2e.page('desktop', 'language');
    await page.goto('/');
    await seeText(page, '申请缴费');
    await snap('zh-CN');

    await chooseLanguage(page, 'English');
    await seeText(page, 'Apply for payment');
    await seeText(page, 'Register / Log in');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');
    await snap('en-US');

    await page.reload();
    await seeText(page, 'Apply for payment');
    expect(await languageSelect(page).getAttribute('aria-label')).toBe('Language: English');
    await snap('en-US-after-reload');

    await chooseLanguage(page, '中文');
    await seeText(page, '申请缴费');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh-CN');
    await snap('zh-CN-again');
  });
});
