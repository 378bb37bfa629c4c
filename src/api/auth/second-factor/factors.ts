import type { Kysely } from 'kysely';
import type { DB } from '../../../database/schema.js';
import type { AppDeps } from '../../deps.js';
import { tokenSettings } from '../authenticate.js';
import { sessionFor } from '../sessions.js';
import { isStaff as isStaffGroup } from '../../../domain/access/roles.js';
import { issueMfaToken } from '../tokens.js';
import type { UserAccount } from '../users-repository.js';

/** A confirmed authenticator app or at least one passkey. */
export async function hasSecondFactor(db: Kysely<DB>, userId: number): Promise<boolean> {
  const totp = await db
    .selectFrom('totp_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (totp) return true;
  return (await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * After the first factor (a password, WeChat): a session, or for staff with a second factor the
 * challenge of the second step, `{mfa_required, mfa_token}` (DESIGN.md section 12). Payers need none.
 */
export async function signInAfterFirstFactor(deps: AppDeps, user: UserAccount) {
  if (isStaffGroup(user.group) && (await hasSecondFactor(deps.db, user.id))) {
    return { mfa_required: true as const, mfa_token: await issueMfaToken(tokenSettings(deps), user.id, deps.clock.now(), deps.ids.uuid()) };
  }
  return sessionFor(deps, user);
}

/** The second step's marker on the session: enrolling a factor proves it in the session that enrolled. */
export async function markSessionSecondFactor(deps: Pick<AppDeps, 'db' | 'sessions'>, sessionId: string): Promise<void> {
  await deps.db.updateTable('sessions').set({ second_factor: true }).where('id', '=', sessionId).execute();
  deps.sessions.forget(sessionId);
}
