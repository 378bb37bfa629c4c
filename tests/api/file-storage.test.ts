import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../../src/api/documents/storage.js';
import { randomIds } from '../../src/api/system-deps.js';

describe('file storage', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('leaves nothing behind when a staged file is discarded before its stream has opened it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pay-storage-'));
    dirs.push(dir);
    const storage = new FileStorage(dir, randomIds);
    // An upload refused at once: the file is discarded in the same tick it was staged.
    await Promise.all(Array.from({ length: 50 }, () => storage.discard(storage.stage().file)));
    expect(await readdir(dir)).toEqual([]);
  });
});
