import type { Page, Response } from 'playwright-core';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

export interface CspViolations {
  /** Every violation reported so far by the documents the page has shown. */
  collect(): Promise<readonly string[]>;
  /** Keeps the current document's violations, then loads `url` (a new document starts a new list). */
  goto(url: string): Promise<Response | null>;
}

/**
 * Watches a page for Content-Security-Policy violations: the `securitypolicyviolation` events of
 * every document it loads (kept in a window array, read before `goto` leaves the document) and the
 * browser's own console messages about the policy (an eval probe, a blocked style …).
 */
export async function watchCspViolations(page: Page): Promise<CspViolations> {
  const found: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile || location.href}:${event.lineNumber}`;
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${where}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(`console: ${message.text()}`);
  });
  const keepCurrent = async () => {
    if (page.url().startsWith('http')) found.push(...(await page.evaluate(() => window.__cspViolations?.splice(0) ?? [])));
  };
  return {
    async collect() {
      await keepCurrent();
      return [...found];
    },
    async goto(url) {
      await keepCurrent();
      return page.goto(url);
    },
  };
}
