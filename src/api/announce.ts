import type { AppDeps } from './deps.js';
import { DEMO_ACCOUNTS } from './seed.js';

interface AnnounceLog {
  /** A plain line for the person who started the server (not a JSON log line). */
  print(line: string): void;
  warn(details: object, message: string): void;
}

const demoLogins = () => DEMO_ACCOUNTS.map((account) => `${account.email} / ${account.password} (${account.role})`).join(', ');

/** Demo accounts in a production database: it was started without NODE_ENV=production before. */
async function leftoverDemoAccounts(deps: Pick<AppDeps, 'db'>): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await deps.db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/**
 * What a person starting the server needs once it listens: where to open it and, in the demo, how
 * to log in. Production announces only the address (no demo logins exist there, and secrets are
 * never logged) and warns about what would make it unsafe.
 */
export async function announceListening(log: AnnounceLog, deps: Pick<AppDeps, 'config' | 'db' | 'publicBaseUrl'>): Promise<void> {
  const url = deps.publicBaseUrl();
  if (!deps.config.production) {
    log.print(`Overseas Pay is running at ${url} — sign in at ${url}/login as ${demoLogins()} (demo)`);
    return;
  }
  log.print(`Overseas Pay is running at ${url}`);
  if (deps.config.payments.gateway === 'sandbox') {
    log.warn({ paymentGateway: 'sandbox' }, 'PAYMENT_GATEWAY=sandbox in production: its checkout page confirms payments without money');
  }
  for (const email of await leftoverDemoAccounts(deps)) {
    log.warn(
      { email },
      `The demo account ${email} exists in this production database; its published password was removed at start: delete the account`,
    );
  }
}
