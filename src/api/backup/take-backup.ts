import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Database, SnapshotQuery } from '../../../eventstore/postgres/index.js';
import type { Config } from '../../config.js';
import type { DB } from '../../database/schema.js';
import { summaryOf, writeArchive, type BackupSummary, type PartSource } from './archive.js';

export class BackupNotPossible extends Error {
  override readonly name = 'BackupNotPossible';
}

/** A checkpoint file still under its temporary name (see takeCheckpoint): the name it takes once the log has it. */
const PENDING_CHECKPOINT = /\.[0-9a-f-]+\.pending$/;

/**
 * Writes one backup of the embedded store to `out`: the database's data folder (event log, read
 * tables and subject keys alike) snapshotted while nobody holds the connection, and, in that same
 * moment, hard links to the uploaded files its rows point at and to the audit's checkpoint files,
 * so a file erased or written a moment later cannot make the copy disagree with itself. The kept
 * secrets (session, webhook and partner secrets; the generated audit key) come along: without
 * them the restored store could not check its own signatures.
 */
export async function writeBackup(database: Database<DB>, config: Config, out: Writable, now: Date): Promise<BackupSummary> {
  if (!database.snapshot) throw new BackupNotPossible('only the embedded database is backed up this way; see docs/backup.md');
  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, '.backup-'));
  try {
    const { tar, alongside: staged } = await database.snapshot((query) => stageFiles(query, config, staging));
    const compressed = await promisify(gzip)(Buffer.from(await tar.arrayBuffer()));
    const manifest = await writeArchive(out, [{ path: 'database/pglite.tar.gz', bytes: compressed }, ...staged], now);
    return summaryOf(manifest);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function stageFiles(query: SnapshotQuery, config: Config, staging: string): Promise<PartSource[]> {
  const rows = await query('select storage_name from stored_files where erased_at is null order by storage_name');
  const uploads: PartSource[] = [];
  for (const { storage_name: name } of rows) {
    const part = await stage(path.join(config.uploadDir, String(name)), staging, `uploads/${String(name)}`);
    // A referenced file already missing from the live store stays missing: audit:verify reports it in both.
    if (part) uploads.push(part);
  }
  return [
    ...uploads,
    ...(await stageTree(path.join(config.dataDir, 'secrets'), staging, 'secrets')),
    ...(await stageTree(config.audit.dir, staging, 'audit')),
  ];
}

/** Every file under `dir`, staged under `prefix/` with its relative path (none when the folder does not exist). */
async function stageTree(dir: string, staging: string, prefix: string): Promise<PartSource[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const parts: PartSource[] = [];
  for (const entry of entries.filter((each) => each.isFile())) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const part = await stage(path.join(dir, relative), staging, `${prefix}/${relative.replace(PENDING_CHECKPOINT, '')}`);
    if (part) parts.push(part);
  }
  return parts;
}

/** A hard link (instant, and the bytes survive the original's removal); a copy across file systems; null when the file is gone. */
async function stage(file: string, staging: string, partPath: string): Promise<PartSource | null> {
  const target = path.join(staging, ...partPath.split('/'));
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  try {
    await link(file, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await copyFile(file, target);
  }
  return { path: partPath, file: target };
}
