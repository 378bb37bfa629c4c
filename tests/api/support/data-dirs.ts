import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Makes fresh data directories named `prefix…` for a suite, and removes them after it. */
export function freshDataDirs(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
    dirs.push(dataDir);
    return dataDir;
  };
}
