import { copyFile, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeCheckpoint } from '../../src/api/audit/checkpoint.js';
import { verifyStore } from '../../src/api/audit/verify-store.js';
import { openControlChannel, type ControlChannel } from '../../src/api/backup/control-channel.js';
import type { AuditVerifyReport, FileEntry } from '../../src/domain/index.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { runTs, startServer } from './support/server-process.js';
import { startTestApp, type TestApp, type TestUser } from './support/test-app.js';

/** What a verification answers, without how long it took. */
const answersOf = ({ duration_ms: _duration, events_per_second: _speed, ...answers }: AuditVerifyReport) => answers;

/** Everything the store answers that a restore must give back unchanged. */
async function observe(t: TestApp, admin: TestUser, files: readonly FileEntry[]) {
  const orders = await t.deps.db.selectFrom('orders').selectAll().orderBy('id').execute();
  const downloads = await Promise.all(
    files.map(async (file) => {
      const response = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${admin.token}` } });
      return { status: response.statusCode, type: response.headers['content-type'], bytes: response.rawPayload.toString('base64') };
    }),
  );
  const users = await t.deps.db.selectFrom('users').select(['id', 'email', 'name']).orderBy('id').execute();
  return { verification: answersOf(await verifyStore(t.deps)), orders, downloads, users };
}

/**
 * `npm run backup` while the application runs (through its control socket), then `npm run
 * restore` into a fresh data folder: started from there, the store verifies with every answer
 * equal, its orders, users and file downloads are the same, and the erased payer stays erased.
 */
describe('backup and restore of the embedded store', () => {
  const folders: string[] = [];
  const fresh = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `backup-${name}-`));
    folders.push(dir);
    return dir;
  };
  let backupFile: string;
  let original: Awaited<ReturnType<typeof observe>>;
  let kept: FileEntry[];
  let erasedPayer: TestUser;
  let erasedOrder: string;
  let admin: TestUser;
  let backupOutput: string;

  beforeAll(async () => {
    backupFile = path.join(await fresh('file'), 'store.backup');
    const t = await startTestApp('pglite', { onDisk: true });
    let control: ControlChannel | undefined;
    try {
      admin = await t.createUser({ group: 1 });
      const keeper = await t.createUser();
      erasedPayer = await t.createUser();
      const upload = async (payer: TestUser, content: Buffer[]) => {
        const id = await orderInStatus(t, payer, 2);
        const parts = content.map((bytes, index) => filePart(`document-${index}.pdf`, bytes, 'application/pdf'));
        const { files } = dataOf<{ files: FileEntry[] }>(
          await postMultipart(t, '/api/v1/step/order/upload', [{ name: 'id', value: id }, ...parts], payer.token),
          'upload',
        );
        dataOf(await t.post('/api/v1/step/order/updateFile', { id, fileList: files }, payer.token), 'updateFile');
        return { id, files };
      };
      kept = (await upload(keeper, [SAMPLE_FILES.pdf(3000), SAMPLE_FILES.pdf(5000)])).files;
      await orderInStatus(t, keeper, 1);
      const erased = await upload(erasedPayer, [SAMPLE_FILES.pdf(700)]);
      erasedOrder = erased.id;
      dataOf(await t.post('/api/v1/manage/eraseUser', { id: erasedPayer.id }, admin.token), 'erase');
      await takeCheckpoint(t.deps);
      original = await observe(t, admin, [...kept, ...erased.files]);
      expect(original.verification).toMatchObject({ ok: true, files_erased: 1, checkpoint: { signature_valid: true } });

      // Without its control channel, the running application's data folder is not opened a second time.
      const refused = await runTs('scripts/backup.ts', [backupFile], { DATA_DIR: t.dataDir });
      expect(refused.output).toContain('the data folder is in use');
      expect(refused.code).toBe(2);
      const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
      control = await openControlChannel({ database: t.runtime.database, config: t.deps.config, clock: t.deps.clock }, silent);
      const backup = await runTs('scripts/backup.ts', [backupFile], { DATA_DIR: t.dataDir });
      backupOutput = backup.output;
      expect(backup.code, backup.output).toBe(0);
      // The application kept serving while the backup was taken.
      expect(
        (await t.app.inject({ method: 'GET', url: kept[0]!.url, headers: { authorization: `Bearer ${admin.token}` } })).statusCode,
      ).toBe(200);
    } finally {
      await control?.close();
      await t.close();
    }
  }, 300_000); // an application, a store to fill and three command-line processes
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('is taken by the running application, with the database, the files its rows name, the secrets and the checkpoints', () => {
    expect(backupOutput).toContain('by the running server');
    expect(backupOutput).toMatch(/2 uploaded files, 5 kept secrets and 1 audit files/);
  });

  it('restores into a fresh data folder where audit:verify passes and every answer is the same', async () => {
    const restored = await fresh('restored');
    const restore = await runTs('scripts/restore.ts', [backupFile], { DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('npm run audit:verify');

    const verify = await runTs('scripts/audit.ts', ['verify'], { DATA_DIR: restored, LOG_LEVEL: 'silent' });
    expect(verify.output).toContain('Verification passed.');
    expect(verify.code).toBe(0);

    const t = await startTestApp('pglite', { onDisk: true, dataDir: restored });
    try {
      const now = await observe(t, admin, [...kept]);
      expect(now.verification).toEqual(original.verification);
      expect(now.orders).toEqual(original.orders);
      expect(now.users).toEqual(original.users);
      expect(now.downloads).toEqual(original.downloads.slice(0, kept.length));
      expect(now.downloads.every((download) => download.status === 200)).toBe(true);
      const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', erasedOrder).executeTakeFirstOrThrow();
      expect(order.student_last_name).toBe('[erased]');
      const subject = `user-${erasedPayer.id}`;
      expect(await t.deps.keyring.openingKey(subject)).toBeNull();
      await expect(t.deps.keyring.sealingKey(subject)).rejects.toThrow(/erased/);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('refuses a damaged file, a foreign file and a data folder that is not empty, writing nothing', async () => {
    const damaged = path.join(path.dirname(backupFile), 'damaged.backup');
    await copyFile(backupFile, damaged);
    const handle = await open(damaged, 'r+');
    const { size } = await handle.stat();
    await handle.write(Buffer.from([0x42]), 0, 1, Math.floor(size / 2));
    await handle.close();
    const target = path.join(await fresh('target'), 'data');

    const refusedDamaged = await runTs('scripts/restore.ts', [damaged], { DATA_DIR: target });
    expect(refusedDamaged.output).toMatch(/does not match its checksum.*nothing was written/);
    expect(refusedDamaged.code).toBe(2);
    const refusedForeign = await runTs('scripts/restore.ts', ['package.json'], { DATA_DIR: target });
    expect(refusedForeign.output).toContain('not a backup');
    expect(refusedForeign.code).toBe(2);
    expect(await readdir(path.dirname(target))).toEqual([]);

    const occupied = await fresh('occupied');
    await copyFile('package.json', path.join(occupied, 'something.json'));
    const refusedOccupied = await runTs('scripts/restore.ts', [backupFile], { DATA_DIR: occupied });
    expect(refusedOccupied.output).toContain('is not empty');
    expect(refusedOccupied.code).toBe(2);
    expect(await readdir(occupied)).toEqual(['something.json']);
  }, 60_000);

  it('is served by npm start on a socket only the owner reaches, and the backup restores', async () => {
    const dataDir = await fresh('server');
    const file = path.join(await fresh('server-file'), 'server.backup');
    // A first start migrates and seeds the demo: slow on a busy machine.
    const server = await startServer({ DATA_DIR: dataDir }, 150_000);
    try {
      expect((await stat(path.join(dataDir, 'control'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, 'control', 'backup.sock'))).mode & 0o777).toBe(0o600);
      const backup = await runTs('scripts/backup.ts', [file], { DATA_DIR: dataDir });
      expect(backup.output).toContain('by the running server');
      expect(backup.code).toBe(0);
    } finally {
      await server.stop();
    }
    const restored = await runTs('scripts/restore.ts', [file], { DATA_DIR: await fresh('server-restored') });
    expect(restored.code, restored.output).toBe(0);
  }, 300_000);

  it('points at the PostgreSQL recipe instead of backing up a real PostgreSQL', async () => {
    const file = path.join(await fresh('postgres'), 'pg.backup');
    const refused = await runTs('scripts/backup.ts', [file], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(refused.output).toContain('docs/backup.md');
    expect(refused.code).toBe(2);
    expect(await readdir(path.dirname(file))).toEqual([]);
  });
});
