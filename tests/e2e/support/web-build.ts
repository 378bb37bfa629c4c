import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

export const WEB_DIST_DIR = path.join(REPO_ROOT, 'dist', 'web');
const BUILD_TIMEOUT_MS = 240_000;
/** What the build is made of: when any of it is newer than dist/web/index.html, the build is stale. */
const BUILD_INPUTS = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

async function newestModification(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestModification(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** Why the web app must be built, or null when dist/web is up to date. */
async function reasonToBuild(): Promise<string | null> {
  if (process.env['E2E_REBUILD'] === '1') return 'E2E_REBUILD=1';
  const index = path.join(WEB_DIST_DIR, 'index.html');
  if (!existsSync(index)) return 'dist/web/index.html is missing';
  const built = (await stat(index)).mtimeMs;
  const inputs = await Promise.all(BUILD_INPUTS.map((input) => newestModification(path.join(REPO_ROOT, input))));
  return Math.max(...inputs) > built ? 'sources changed since the last build' : null;
}

function runViteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), BUILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** Builds the web app into dist/web once, when it is missing or older than its sources. */
export async function ensureWebBuild(): Promise<void> {
  const reason = await reasonToBuild();
  if (!reason) {
    console.log('[e2e] dist/web is up to date');
    return;
  }
  console.log(`[e2e] building the web app (${reason}) …`);
  const started = Date.now();
  await runViteBuild();
  console.log(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The scripts index.html loads first (entry and modulepreloads), relative to the build folder. */
async function entryScripts(dir: string): Promise<string[]> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=["']\/([^"']+\.js)["']/g)].map((match) => match[1]!);
}

export interface WebSnapshot {
  /** A private copy of dist/web that the test server serves. */
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * A private copy of dist/web for this run, so a `vite build` started meanwhile by someone else
 * (it empties dist/web first) cannot pull the pages out from under the tests. The copy is taken
 * again when dist/web changed while it was being copied.
 */
export async function snapshotWebBuild(): Promise<WebSnapshot> {
  const index = path.join(WEB_DIST_DIR, 'index.html');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const dir = await mkdtemp(path.join(tmpdir(), 'e2e-web-'));
    const before = await stat(index).catch(() => null);
    await cp(WEB_DIST_DIR, dir, { recursive: true }).catch(() => undefined);
    const after = await stat(index).catch(() => null);
    const scripts = existsSync(path.join(dir, 'index.html')) ? await entryScripts(dir) : [];
    const complete = scripts.length > 0 && scripts.every((script) => existsSync(path.join(dir, script)));
    if (before && after && before.mtimeMs === after.mtimeMs && complete) {
      return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
    }
    await rm(dir, { recursive: true, force: true });
    console.log(`[e2e] dist/web changed while being copied (attempt ${attempt}); copying again`);
    await ensureWebBuild();
  }
  throw new Error('could not take a consistent copy of dist/web (is another build running?)');
}
