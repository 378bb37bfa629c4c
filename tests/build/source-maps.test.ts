import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourceMapsIn } from '../../scripts/source-maps.js';

/** vite.config.ts as vite reads it, with the environment as it is now. */
async function viteBuildOptions() {
  vi.resetModules();
  return (await import('../../vite.config.js')).default.build;
}

describe('the production web build publishes no source maps', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('builds none, unless SOURCEMAP=true asks for them while debugging', async () => {
    vi.stubEnv('SOURCEMAP', '');
    expect((await viteBuildOptions())?.sourcemap).toBe(false);
    vi.stubEnv('SOURCEMAP', 'true');
    expect((await viteBuildOptions())?.sourcemap).toBe(true);
  });

  it('is checked after every build: map files and comments pointing at one are found', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'maps-'));
    try {
      await mkdir(path.join(dist, 'assets'));
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
      await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)\n');
      await writeFile(path.join(dist, 'assets', 'app.css'), 'body{margin:0}\n');
      expect(sourceMapsIn(dist)).toEqual([]);
      await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map\n');
      await writeFile(path.join(dist, 'assets', 'app.css'), 'body{margin:0}\n/*# sourceMappingURL=app.css.map */\n');
      await writeFile(path.join(dist, 'assets', 'other.js.map'), '{}');
      expect(sourceMapsIn(dist)).toEqual([
        path.join('assets', 'app.css'),
        path.join('assets', 'app.js'),
        path.join('assets', 'other.js.map'),
      ]);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
