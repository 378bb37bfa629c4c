import type { Page } from 'playwright-core';
import { waitForPath } from './ui.js';

/**
 * After a step 1 or step 4 Next: the demo payer's orders from earlier tests may look like this one
 * (same institution, amount and patient), and the page then warns first. The test goes on as a
 * payer who means a second order would ("continue anyway", the dialog's first button), then
 * waits for `path`.
 */
export async function continuePastLookalike(page: Page, path: string | RegExp): Promise<URL> {
  const dialog = page.getByTestId('lookalike-dialog');
  const outcome = await Promise.race([
    waitForPath(page, path).then(
      () => 'arrived' as const,
      () => 'no-path' as const,
    ),
    dialog.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => 'warned' as const,
      () => 'no-dialog' as const,
    ),
  ]);
  if (outcome === 'warned') await dialog.getByRole('button').first().click();
  return waitForPath(page, path);
}
