import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTs } from './support/server-process.js';

/**
 * The audit's command lines on the embedded database, one after the other as an operator runs
 * them with the server stopped: exit 0 when all is well, 1 when verification finds a problem,
 * 2 for a usage problem or a refusal (nothing changed).
 */
describe('the audit command lines', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const audit = (...args: string[]) => runTs('scripts/audit.ts', args, env);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'audit-cli-'));
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('signs a checkpoint to the log and a file, verifies, and exits 1 naming the stream and revision of a rewritten event', async () => {
    const signed = await audit('checkpoint');
    expect(signed.output).toMatch(/Signed checkpoint 1: \d+ streams, \d+ events, root [0-9a-f]{64}/);
    expect(signed.code).toBe(0);
    expect(await readdir(path.join(dataDir, 'audit', 'checkpoints'))).toEqual(['checkpoint-00000001.json']);
    expect(await audit('checkpoint')).toMatchObject({ code: 0, output: expect.stringContaining('Signed checkpoint 2') });

    const verified = await audit('verify');
    expect(verified.output).toMatch(/\d+ events in \d+ streams \(0 unchained\).*events\/s\)/);
    expect(verified.output).toContain('Last checkpoint: 2');
    expect(verified.output).toContain('Verification passed.');
    expect(verified.code).toBe(0);

    const database = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      await database.query(
        `update es_events set data = jsonb_set(data, '{events}', '999') where stream_id = 'audit-checkpoints' and stream_revision = 0`,
      );
    } finally {
      await database.close();
    }
    const broken = await audit('verify');
    expect(broken.output).toContain('PROBLEM audit-checkpoints revision 0 hash: hash_mismatch');
    expect(broken.output).toContain('Verification FAILED');
    expect(broken.code).toBe(1);
  }, 180_000); // several command-line processes, each starting the runtime

  it('checks a pack offline and says what is wrong with one that is not', async () => {
    const file = path.join(dataDir, 'not-a-pack.json');
    await writeFile(file, JSON.stringify({ format: 'something else', events: [] }));
    const checked = await audit('check-pack', file);
    expect(checked.output).toContain('PROBLEM not an evidence pack: format');
    expect(checked.output).toContain('The pack does NOT verify');
    expect(checked.code).toBe(1);
    expect(await audit('check-pack')).toMatchObject({ code: 2, output: expect.stringContaining('usage: npm run audit:check-pack') });
  });

  it('refuses to erase without a user id, or an unknown user, changing nothing', async () => {
    expect(await audit('erase')).toMatchObject({ code: 2, output: expect.stringContaining('usage: npm run privacy:erase -- USER_ID') });
    expect(await audit('erase', 'abc')).toMatchObject({ code: 2 });
    expect(await audit('erase', '99999')).toMatchObject({ code: 2, output: expect.stringContaining('No such user; nothing changed') });
    expect(await audit('nonsense')).toMatchObject({ code: 2, output: expect.stringContaining('unknown audit command') });
  });
});
