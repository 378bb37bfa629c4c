import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ViewportName } from './browser.js';
import { SCREENSHOT_DIR } from './paths.js';

export type Snap = (screen: string) => Promise<void>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes the pictures an earlier run of the same test left (<test>-NN-*.png), so none goes stale. */
async function clearEarlierRun(folder: string, test: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const earlier = new RegExp(`^${escape(test)}-\\d{2}-.*\\.png$`);
  const names = (await readdir(folder)).filter((name) => earlier.test(name));
  await Promise.all(names.map((name) => rm(path.join(folder, name), { force: true })));
}

/**
 * Saves each screen a test passes through as tests/e2e/screenshots/<viewport>/<test>-NN-<screen>.png,
 * numbered in the order visited (test names are unique per viewport). Animations are stopped and
 * the caret hidden, so images are stable.
 */
export function screenshots(page: Page, viewport: ViewportName, test: string): Snap {
  const folder = path.join(SCREENSHOT_DIR, viewport);
  let count = 0;
  let cleared: Promise<void> | undefined;
  return async (screen) => {
    cleared ??= clearEarlierRun(folder, test);
    await cleared;
    count += 1;
    const file = path.join(folder, `${test}-${String(count).padStart(2, '0')}-${screen}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide', timeout: 15_000 });
  };
}
