import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests/e2e/support → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where every screen visited is saved: tests/e2e/screenshots/<viewport>/<name>.png (gitignored). */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'tests', 'e2e', 'screenshots');
