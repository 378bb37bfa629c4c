import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/** docs/operations.md names every environment variable the server reads (src/config.ts). */
describe('the configuration table in docs/operations.md', () => {
  it('lists every variable loadConfig reads', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, key) => {
        if (typeof key === 'string' && /^[A-Z][A-Z0-9_]+$/.test(key)) read.add(key);
        return undefined;
      },
    });
    try {
      loadConfig(env);
    } catch {
      // Only the names read matter here, not whether an empty environment is a valid one.
    }
    const document = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    expect(read.size).toBeGreaterThan(30);
    for (const name of read) expect(document, name).toContain(`\`${name}\``);
  });
});
