import { createWriteStream, type WriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createDatabase } from '../eventstore/postgres/index.js';
import { checkArchive, summaryOf, type BackupSummary } from '../src/api/backup/archive.js';
import { requestBackup } from '../src/api/backup/control-channel.js';
import { writeBackup } from '../src/api/backup/take-backup.js';
import { safeError } from '../src/api/http/safe-error.js';
import { ConfigError, loadConfig, type Config } from '../src/config.js';
import type { DB } from '../src/database/schema.js';

/**
 * `npm run backup -- FILE`: one file holding the embedded store's event log, read tables, subject
 * keys, uploaded files, kept secrets and audit checkpoints, consistent with itself (docs/backup.md).
 * A running server is asked through its control socket (DATA_DIR/control/backup.sock), since the
 * embedded database is that process's alone; with no server running, the data folder is opened here.
 * The file is written aside, checked against its own checksums, and only then takes its name.
 *
 * Exit codes: 0 written and checked, 2 usage or refusal (nothing written), 1 a failure (nothing left behind).
 */
const USAGE = 'usage: npm run backup -- FILE   (a new file; an existing one is never overwritten)';

class Refusal extends Error {}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

function fileFrom(args: readonly string[]): string {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new Refusal(USAGE);
  return args[0]!;
}

function refuseOtherStores(config: Config): void {
  if (config.databaseUrl)
    throw new Refusal(
      'DATABASE_URL is set: PostgreSQL is backed up with its own tools (pg_dump --format=custom, or pg_basebackup with WAL archiving), ' +
        'then the upload folder; see docs/backup.md, "PostgreSQL". Nothing was written.',
    );
  if (config.eventStoreUrl)
    throw new Refusal(
      'EVENTSTORE_URL is set: the event log lives in EventStoreDB, outside this backup; see docs/backup.md. Nothing was written.',
    );
}

async function refuseExisting(file: string): Promise<void> {
  if (await exists(file)) throw new Refusal(`${file} exists; a backup never overwrites a file: choose a new name`);
}

/** No server holds the data folder: open it here (without migrating: a backup changes nothing). */
async function backUpDirectly(config: Config, out: WriteStream): Promise<void> {
  const dataDir = path.resolve(config.dataDir, 'pglite');
  if (!(await exists(path.join(dataDir, 'PG_VERSION'))))
    throw new Refusal(`no embedded database in ${dataDir} (is DATA_DIR right?); nothing was written`);
  // The embedded database marks its folder while a process has it open: opening it a second time could damage it.
  if (await exists(path.join(dataDir, 'postmaster.pid')))
    throw new Refusal(
      `the data folder is in use, but no server answers on its control socket (or one stopped abruptly): ` +
        'start the server and back up while it runs, or stop the process holding it; nothing was written',
    );
  const database = await createDatabase<DB>({ kind: 'pglite', dataDir });
  try {
    await writeBackup(database, config, out, new Date());
  } finally {
    await database.close();
  }
  out.end();
}

async function run(args: readonly string[]): Promise<{ summary: BackupSummary; how: string; file: string }> {
  const file = fileFrom(args);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  refuseOtherStores(config);
  await refuseExisting(file);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const answer = await requestBackup(config.dataDir, out);
    if (answer === 'no-server') await backUpDirectly(config, out);
    await finished(out);
    const checked = await checkArchive(partial);
    await rename(partial, file);
    return {
      summary: summaryOf(checked.manifest),
      how: answer === 'written' ? 'by the running server' : 'from the data folder (no server was running)',
      file,
    };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

try {
  const { summary, how, file } = await run(process.argv.slice(2));
  console.info(
    `Backed up ${how} to ${file}: the database, ${summary.uploads} uploaded files, ${summary.secrets} kept secrets and ` +
      `${summary.auditFiles} audit files (${(summary.bytes / 1024 / 1024).toFixed(1)} MiB), taken at ${summary.createdAt}; every checksum verified.`,
  );
} catch (error) {
  if (error instanceof Refusal || error instanceof ConfigError) console.error(`backup: ${error.message}`);
  else console.error('backup failed; nothing was written:', safeError(error));
  process.exitCode = error instanceof Refusal || error instanceof ConfigError ? 2 : 1;
}
