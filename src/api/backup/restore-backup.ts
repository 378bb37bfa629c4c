import { createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { restorePGliteDataDir } from '../../../eventstore/postgres/index.js';
import type { Config } from '../../config.js';
import { checkArchive, type CheckedArchive, type Manifest, type ManifestPart } from './archive.js';

export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
}

/** Where the embedded database keeps its folder (as src/runtime.ts opens it). */
const pgliteDir = (config: Config) => path.resolve(config.dataDir, 'pglite');

/** Where each kind of part goes back to, as the configuration names the folders now. */
const destinations = (config: Config): Record<string, string> => ({
  uploads: config.uploadDir,
  secrets: path.join(config.dataDir, 'secrets'),
  audit: config.audit.dir,
});

/**
 * Restores a backup into the configured, empty, data folder (and upload and audit folders, when
 * configured elsewhere). Everything is checked first: a folder that holds anything, or a file
 * that is damaged or not a backup, is refused before a single byte is written.
 */
export async function restoreBackup(file: string, config: Config): Promise<Manifest> {
  for (const folder of new Set([config.dataDir, config.uploadDir, config.audit.dir])) await refuseUnlessEmpty(folder);
  const archive = await checkArchive(file);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  for (const part of archive.manifest.parts) {
    if (part.path === 'database/pglite.tar.gz') await restoreDatabase(archive, part, config);
    else await restoreFile(archive, part, config);
  }
  return archive.manifest;
}

async function refuseUnlessEmpty(folder: string): Promise<void> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0)
    throw new RestoreRefused(
      `${path.resolve(folder)} is not empty: a backup is restored into a new, empty data folder only; nothing was written`,
    );
}

async function restoreDatabase(archive: CheckedArchive, part: ManifestPart, config: Config): Promise<void> {
  const tar = await promisify(gunzip)(await buffer(archive.read(part)));
  await restorePGliteDataDir(pgliteDir(config), new Blob([new Uint8Array(tar)]));
}

async function restoreFile(archive: CheckedArchive, part: ManifestPart, config: Config): Promise<void> {
  const [kind, ...rest] = part.path.split('/');
  const target = path.join(destinations(config)[kind!]!, ...rest);
  // Passports, bills and secrets: the service's own user only, as when they were first written.
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await pipeline(archive.read(part), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
}
