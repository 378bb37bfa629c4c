import { adminEmailProblem, adminPasswordProblem, createOrPromoteAdmin, type AdminOutcome } from '../src/api/auth/admin-account.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/runtime.js';
import { runCommand, UsageProblem } from './cli.js';
import { PromptCancelled, readHiddenLine } from './hidden-prompt.js';

/**
 * `npm run user:create-admin -- EMAIL`: creates the administrator EMAIL, or raises the existing user
 * of that email to administrator, with the password in ADMIN_PASSWORD or, on a terminal, typed twice.
 * It opens the database the server's configuration names (the same variables as `npm start`); with
 * the embedded database, stop the server first (PGlite has one user).
 *
 * Exit codes: 0 done, 2 a usage, password or configuration problem (nothing changed), 1 a failure.
 */
const USAGE = 'usage: npm run user:create-admin -- EMAIL   (password from ADMIN_PASSWORD, or typed twice on a terminal)';

function emailFrom(args: readonly string[]): string {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageProblem(USAGE);
  const problem = adminEmailProblem(args[0]!);
  if (problem) throw new UsageProblem(problem);
  return args[0]!.trim();
}

/** ADMIN_PASSWORD, else typed twice without echo on a terminal; with neither there is nobody to ask, so it stops. */
async function passwordFrom(env: Readonly<Record<string, string | undefined>>): Promise<string> {
  const given = env['ADMIN_PASSWORD'];
  if (given === undefined) return typedPassword();
  return accepted(given);
}

function accepted(password: string): string {
  const problem = adminPasswordProblem(password);
  if (problem) throw new UsageProblem(problem);
  return password;
}

async function typedPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageProblem(`set ADMIN_PASSWORD, or run this on a terminal to type the password\n${USAGE}`);
  // Checked before the second question: no point confirming a password that will be refused.
  const password = accepted(await readHiddenLine('Password for the administrator: '));
  if ((await readHiddenLine('The same password again: ')) !== password) throw new UsageProblem('the two passwords differ; nothing changed');
  return password;
}

const REPORTS: Record<AdminOutcome, (email: string) => string> = {
  created: (email) => `Created the administrator ${email} (group 1).`,
  promoted: (email) => `Made the existing user ${email} an administrator (group 1) with the new password; its earlier sessions ended.`,
  'password-changed': (email) => `${email} was already an administrator; set the new password and ended its earlier sessions.`,
};

/**
 * How the new administrator enrols a second factor (DESIGN.md section 12): required in production,
 * where until then they can only enrol; optional in the demo.
 */
const enrolmentHelp = (production: boolean) =>
  [
    production
      ? 'A second factor is required in production: until one is enrolled, this account can only enrol one.'
      : 'A second factor is optional outside production; enrol one to try it.',
    'Enrol it on the web: sign in, open the user menu and choose the security page (/account/security),',
    'then scan the QR code with an authenticator app and confirm a code, or add a passkey.',
    'Or through the API, signed in (Authorization: Bearer <access_token> from POST /api/v1/auth/login):',
    '  POST /api/v1/auth/mfa/totp/setup      -> {data: {secret, otpauth_url, qr_svg}}',
    '  POST /api/v1/auth/mfa/totp/confirm {"code": "123456"}  -> ten recovery codes, shown once: keep them safe',
    '  POST /api/v1/auth/mfa/passkey/register-options, then POST /api/v1/auth/mfa/passkey/register {credential}',
  ].join('\n');

async function run(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const email = emailFrom(args);
  const config = loadConfig(env);
  const password = await passwordFrom(env);
  const database = await openDatabase(config);
  try {
    const admin = await createOrPromoteAdmin(database.db, email, password, new Date());
    console.info(REPORTS[admin.outcome](admin.email));
    console.info(enrolmentHelp(config.production));
  } finally {
    await database.close();
  }
}

await runCommand(
  'create-admin',
  () => run(process.argv.slice(2), process.env),
  (error) => (error instanceof PromptCancelled ? 'cancelled; nothing changed' : undefined),
);
