import { execFileSync } from 'node:child_process';

/**
 * The tests that start the server (tests/api/support/server-process.ts) run what `npm start` runs:
 * the built dist/server. It is built once, before any test file, so no file sees another's build.
 */
export default function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
}
