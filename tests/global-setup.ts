import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The tests that start the server (tests/api/support/server-process.ts) run what `npm start` runs:
 * the built dist/server. It is built once, before any test file, so no file sees another's build.
 */
export default function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * `npm start`'s arguments after `node`, read from package.json, so a test starts exactly what a user
 * starts (the npm prestart's build check aside: the global setup built it already).
 */
export function npmStartArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${String(command)}, not node: the tests cannot start it`);
  return args;
}
