import { access } from 'node:fs/promises';
import path from 'node:path';
import { DamagedBackup, summaryOf } from '../src/api/backup/archive.js';
import { restoreBackup, RestoreRefused } from '../src/api/backup/restore-backup.js';
import { safeError } from '../src/api/http/safe-error.js';
import { ConfigError, loadConfig } from '../src/config.js';

/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` back into the configured data folder
 * (DATA_DIR, and UPLOAD_DIR / AUDIT_DIR when set), which must be new or empty. The whole file is
 * checked first; a damaged or foreign file, or a folder that holds anything, is refused before
 * anything is written. Then start the server and run `npm run audit:verify` (docs/backup.md).
 *
 * Exit codes: 0 restored, 2 usage or refusal (nothing written), 1 a failure while writing.
 */
const USAGE = 'usage: npm run restore -- FILE   (into an empty DATA_DIR)';

class Refusal extends Error {}

async function run(args: readonly string[]): Promise<string> {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new Refusal(USAGE);
  const file = args[0]!;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.databaseUrl)
    throw new Refusal('DATABASE_URL is set: PostgreSQL is restored with pg_restore (docs/backup.md, "PostgreSQL"); nothing was written');
  await access(file).catch(() => {
    throw new Refusal(`no file ${file}; nothing was written`);
  });
  const summary = summaryOf(await restoreBackup(file, config));
  return (
    `Restored the backup taken at ${summary.createdAt} into ${path.resolve(config.dataDir)}: the database, ${summary.uploads} uploaded files, ` +
    `${summary.secrets} kept secrets and ${summary.auditFiles} audit files. Check it with npm run audit:verify, then start the server.`
  );
}

try {
  console.info(await run(process.argv.slice(2)));
} catch (error) {
  const refused =
    error instanceof Refusal || error instanceof ConfigError || error instanceof RestoreRefused || error instanceof DamagedBackup;
  if (error instanceof DamagedBackup) console.error(`restore: refused, ${error.message}; nothing was written`);
  else if (refused) console.error(`restore: ${error.message}`);
  else console.error('restore failed:', safeError(error));
  process.exitCode = refused ? 2 : 1;
}
