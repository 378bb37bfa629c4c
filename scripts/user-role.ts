import { changeUserGroup } from '../src/api/manage/user-group-change.js';
import { HttpError } from '../src/api/http/errors.js';
import { loadConfig } from '../src/config.js';
import { GROUPS, isGroup, renderMessage, ROLE_OF_GROUP } from '../src/domain/index.js';
import { openRuntime } from '../src/runtime.js';
import { runCommand, UsageProblem } from './cli.js';

/**
 * `npm run user:role -- EMAIL GROUP`: gives the user of EMAIL the group GROUP (0 payer, 1 admin,
 * 2 auditor, 3 warehouse) as an event on the user's stream, like an admin's change in the back
 * office (the actor is the operator at the command line). The last administrator keeps the role.
 * With the embedded database, stop the server first (PGlite has one user).
 *
 * Exit codes: 0 done, 2 a usage problem or a refusal (nothing changed), 1 a failure.
 */
const USAGE = `usage: npm run user:role -- EMAIL GROUP   (GROUP: ${GROUPS.map((group) => `${group} ${ROLE_OF_GROUP[group]}`).join(', ')})`;

function parseArgs(args: readonly string[]) {
  if (args.length !== 2 || args[0]!.startsWith('-')) throw new UsageProblem(USAGE);
  const group = /^\d$/.test(args[1]!) ? Number(args[1]) : NaN;
  if (!isGroup(group)) throw new UsageProblem(`unknown group ${JSON.stringify(args[1])}\n${USAGE}`);
  return { email: args[0]!, group };
}

async function run(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const { email, group } = parseArgs(args);
  const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const user = await changeUserGroup(runtime.deps, { email }, group, { id: 'command-line', role: 'admin' });
    console.info(`${user.email} is now in group ${group} (${ROLE_OF_GROUP[group]}).`);
  } finally {
    await runtime.close();
  }
}

await runCommand(
  'user:role',
  () => run(process.argv.slice(2), process.env),
  (error) => (error instanceof HttpError ? `${renderMessage(error.text, 'en-US')}; nothing changed` : undefined),
);
