import type { Locator, Page } from 'playwright-core';

/**
 * Small, screen-agnostic ways to find things the way a user does: by role, label and visible
 * text. Nothing here knows a screen's markup.
 */

/** The first match that is actually shown (the header renders some items twice: desktop and collapsed). */
export const shown = (locator: Locator): Locator => locator.filter({ visible: true }).first();

/** Waits until a text is on screen (a toast, an error, a label) and returns its locator. */
export async function seeText(page: Page | Locator, text: string | RegExp, timeout = 10_000): Promise<Locator> {
  const locator = shown(page.getByText(text));
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** The header's language select (the visible one of the desktop and collapsed headers). */
/** The header's language menu; its name ends with the language now on ("语言: 中文"). */
export const languageSelect = (page: Page): Locator => shown(page.getByRole('button', { name: /^(语言|Language|Sprache): / }));

/** Switches the language through the header's menu, by the language's own name (中文, English, Deutsch). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await languageSelect(page).click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** The page's main content, where the screens render (header and footer excluded). */
export const main = (page: Page): Locator => page.getByRole('main');

/** A button by its visible name (a string matches the whole name), inside the main content. */
export const button = (page: Page, name: string | RegExp): Locator =>
  shown(main(page).getByRole('button', { name, exact: typeof name === 'string' }));

/** The pathname and query of the current URL. */
export function currentUrl(page: Page): URL {
  return new URL(page.url());
}

/** Waits for a pathname (string or pattern) and returns the URL. */
export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 15_000): Promise<URL> {
  const matches = (url: URL) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname));
  await page.waitForURL(matches, { timeout });
  return currentUrl(page);
}

/** Fills the field with this label (a label, aria-label or aria-labelledby), failing with the label's name. */
export async function fillByLabel(scope: Page | Locator, label: string | RegExp, value: string): Promise<void> {
  const field = shown(scope.getByLabel(label));
  try {
    await field.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    throw new Error(`no visible field labelled ${String(label)}`);
  }
  await field.fill(value);
}

/** Everything the user can read in the main content: its text and the values of its fields. */
export function mainText(page: Page): Promise<string> {
  return main(page).evaluate((element) => {
    const values = Array.from(element.querySelectorAll('input, textarea, select')).map((field) => (field as HTMLInputElement).value);
    return `${(element as HTMLElement).innerText}\n${values.join('\n')}`;
  });
}

/** A number as a payer may see it: 41586.75 or 41,586.75. */
export function moneyPattern(amount: string): RegExp {
  const [whole = '', cents] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',?');
  return new RegExp(`(?<![\\d,])${grouped}${cents ? `\\.${cents}` : ''}(?!\\d)`);
}
