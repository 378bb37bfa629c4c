import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Session } from './api.js';
import { launchBrowser, openPage, type PageOptions, type ViewportName } from './browser.js';
import { screenshots, type Snap } from './screenshots.js';

export interface E2E {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The server's PostgreSQL database (null on embedded PGlite, which only the server can open). */
  readonly databaseUrl: string | null;
  /** The demo payer, logged in once by the global setup. */
  readonly payer: Session;
  /** A fresh page (own context) at `viewport`, with a screenshot function for `test`; closed after the test. */
  page(viewport: ViewportName, test: string, options?: PageOptions): Promise<{ page: Page; snap: Snap }>;
}

/**
 * Registers the hooks of one e2e file: one browser for the file, a fresh context per page, every
 * context closed after its test (with a screenshot first when the test failed). The server comes
 * from the global setup.
 */
export function useE2E(): E2E {
  const { baseUrl, dataDir, databaseUrl } = inject('e2eServer');
  const payer = inject('payerSession');
  let browser: Browser | undefined;
  const opened: { page: Page; snap: Snap }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    const pages = opened.splice(0);
    // A failed test leaves a picture of where it stopped: <test>-NN-FAILED.png.
    if (context.task.result?.state === 'fail') await Promise.all(pages.map(({ snap }) => snap('FAILED').catch(() => undefined)));
    await Promise.all(pages.map(({ page }) => page.context().close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    dataDir,
    databaseUrl,
    payer,
    async page(viewport, test, options) {
      if (!browser) throw new Error('useE2E(): the browser is not launched yet (call page() inside a test)');
      const page = await openPage(browser, baseUrl, viewport, options);
      const snap = screenshots(page, viewport, test);
      opened.push({ page, snap });
      return { page, snap };
    },
  };
}
