import type { Page } from 'playwright-core';
import type { ViewportName } from './browser.js';
import type { Snap } from './screenshots.js';
import { shown, waitForPath } from './ui.js';

/** The home page's searchable institution selector (label '选择收款机构'). */
export const homeSelector = (page: Page) => shown(page.getByRole('combobox', { name: '选择收款机构' }));

/**
 * Chooses an institution on the home page the way a user does at this viewport: at desktop by
 * typing its English name into the selector and picking the option; at phone width focusing the
 * selector opens /home/phone, where the user types and taps the entry.
 */
export async function chooseInstitution(page: Page, viewport: ViewportName, snap: Snap, search: string, nameEn: string): Promise<void> {
  const selector = homeSelector(page);
  await selector.click();
  if (viewport === 'desktop') {
    await selector.fill(search);
    await shown(page.getByRole('option', { name: new RegExp(nameEn) })).waitFor();
    await snap('home-options');
    await shown(page.getByRole('option', { name: new RegExp(nameEn) })).click();
    return;
  }
  await waitForPath(page, '/home/phone');
  await snap('phone-search');
  await shown(page.getByRole('searchbox').or(page.getByRole('textbox'))).fill(search);
  const entry = shown(page.getByRole('link', { name: new RegExp(nameEn) }));
  await entry.waitFor();
  await snap('phone-search-results');
  await entry.click();
}
