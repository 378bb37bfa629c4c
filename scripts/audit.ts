import { readFile } from 'node:fs/promises';
import { takeCheckpoint } from '../src/api/audit/checkpoint.js';
import { checkPack } from '../src/api/audit/pack-check.js';
import { verifyStore } from '../src/api/audit/verify-store.js';
import { HttpError } from '../src/api/http/errors.js';
import { safeError } from '../src/api/http/safe-error.js';
import { eraseUser } from '../src/api/privacy/erase-user.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { renderMessage } from '../src/domain/index.js';
import { openRuntime, type Runtime } from '../src/runtime.js';

/**
 * The audit's command lines (README "Audit"):
 *   npm run audit:checkpoint            sign a checkpoint now
 *   npm run audit:verify                check every chain, the last checkpoint, replay against the read tables, files
 *   npm run audit:check-pack -- FILE [--key PUBLIC_KEY_PEM]   check an evidence pack offline (no database)
 *   npm run privacy:erase -- USER_ID    destroy a paying user's key and record the erasure
 * With the embedded database, stop the server first (PGlite has one user).
 * Exit codes: 0 done (verification passed), 1 verification found problems or a failure, 2 usage or refusal.
 */
class UsageProblem extends Error {}

async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), { demoPartnerOrders: false });
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

const commands: Record<string, (args: readonly string[]) => Promise<number>> = {
  async checkpoint() {
    const { body, file } = await withRuntime((runtime) => takeCheckpoint(runtime.deps));
    console.info(
      `Signed checkpoint ${body.sequence}: ${body.streams} streams, ${body.events} events, root ${body.root} (key ${body.key_id}); written to the log and ${file}.`,
    );
    return 0;
  },
  async verify() {
    const report = await withRuntime((runtime) => verifyStore(runtime.deps));
    console.info(
      `${report.events} events in ${report.streams} streams (${report.unchained} unchained), ${report.orders} orders replayed, ${report.files} files hashed, ${report.files_erased} erased, in ${report.duration_ms} ms (${report.events_per_second} events/s).`,
    );
    console.info(
      report.checkpoint
        ? `Last checkpoint: ${report.checkpoint.sequence} of ${report.checkpoint.taken_at}, signature ${report.checkpoint.signature_valid ? 'valid' : 'NOT VALID'}.`
        : 'No checkpoint has been signed yet.',
    );
    for (const problem of report.problems)
      console.error(`PROBLEM ${problem.stream} revision ${problem.revision ?? '-'} ${problem.field}: ${problem.problem}`);
    console.info(report.ok ? 'Verification passed.' : `Verification FAILED: ${report.problems.length} problem(s).`);
    return report.ok ? 0 : 1;
  },
  async 'check-pack'(args) {
    const [file, flag, keyFile] = args;
    if (!file || (flag !== undefined && (flag !== '--key' || !keyFile)))
      throw new UsageProblem('usage: npm run audit:check-pack -- FILE [--key PUBLIC_KEY_PEM]');
    const pack: unknown = JSON.parse(await readFile(file, 'utf8'));
    const result = checkPack(pack, keyFile ? await readFile(keyFile, 'utf8') : undefined);
    for (const note of result.notes) console.info(`note: ${note}`);
    for (const problem of result.problems) console.error(`PROBLEM ${problem}`);
    console.info(result.ok ? 'The pack verifies.' : `The pack does NOT verify: ${result.problems.length} problem(s).`);
    return result.ok ? 0 : 1;
  },
  async erase(args) {
    const id = /^[1-9]\d{0,8}$/.test(args[0] ?? '') ? Number(args[0]) : NaN;
    if (args.length !== 1 || Number.isNaN(id)) throw new UsageProblem('usage: npm run privacy:erase -- USER_ID');
    await withRuntime((runtime) => eraseUser(runtime.deps, id, { id: 'command-line', role: 'admin' }));
    console.info(`The personal data of user ${id} is erased; the erasure is recorded on stream user-${id}.`);
    return 0;
  },
};

const [name, ...args] = process.argv.slice(2);
try {
  const command = commands[name ?? ''];
  if (!command) throw new UsageProblem(`unknown audit command ${JSON.stringify(name)}`);
  process.exitCode = await command(args);
} catch (error) {
  if (error instanceof UsageProblem || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof HttpError) console.error(`${renderMessage(error.text, 'en-US')}; nothing changed`);
  else console.error('failed:', safeError(error));
  process.exitCode = error instanceof UsageProblem || error instanceof ConfigError || error instanceof HttpError ? 2 : 1;
}
