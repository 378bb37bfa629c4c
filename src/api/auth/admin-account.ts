import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { emailField } from '../../domain/index.js';
import type { DB } from '../../database/schema.js';
import { endSessionsOf } from '../../database/sessions.js';
import { isCommonPassword, PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from './password-policy.js';
import { sessionCutoff } from './sessions.js';
import { createUser, normalizeEmail } from './users-repository.js';

/** The group of an administrator (SPEC.md: non-zero is admin; 1 is the back office's). */
export const ADMIN_GROUP = 1;

/** A staff password (password-policy.ts): an admin account reaches every order. 128 is what login accepts. */
export const ADMIN_PASSWORD_LENGTH = { min: STAFF_PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

/** Why an email cannot be an admin's login, or null when it can (login checks the same rule). */
export function adminEmailProblem(email: string): string | null {
  return emailField.safeParse(email).success ? null : `not an email address: ${JSON.stringify(email)}`;
}

/** Why a password is refused, or null when it is accepted; the password itself is never repeated. */
export function adminPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < ADMIN_PASSWORD_LENGTH.min)
    return `the password must have at least ${ADMIN_PASSWORD_LENGTH.min} characters (it has ${length})`;
  if (length > ADMIN_PASSWORD_LENGTH.max)
    return `the password must have at most ${ADMIN_PASSWORD_LENGTH.max} characters (it has ${length})`;
  if (isCommonPassword(password)) return 'the password is on the list of common passwords; choose one that is harder to guess';
  return null;
}

export type AdminOutcome = 'created' | 'promoted' | 'password-changed';

/**
 * Makes `email` (compared in lower case, as login does) an administrator with this password: a new user, or the existing user of that email
 * raised to the admin group. An existing user's earlier sessions end, as after a password reset:
 * they were opened with the old password.
 */
export async function createOrPromoteAdmin(
  db: Kysely<DB>,
  email: string,
  password: string,
  now: Date,
): Promise<{ readonly outcome: AdminOutcome; readonly email: string }> {
  const login = normalizeEmail(email);
  const passwordHash = await hash(password);
  const outcome = await db.transaction().execute(async (trx): Promise<AdminOutcome> => {
    const existing = await trx.selectFrom('users').select(['id', 'group']).where('email', '=', login).forUpdate().executeTakeFirst();
    if (!existing) {
      const name = login.split('@')[0]!.slice(0, 64);
      await createUser(trx, { email: login, name, password_hash: passwordHash, group: ADMIN_GROUP });
      return 'created';
    }
    await trx
      .updateTable('users')
      .set({ group: ADMIN_GROUP, password_hash: passwordHash, sessions_valid_after: sessionCutoff(now) })
      .where('id', '=', existing.id)
      .execute();
    // Every token of the account ends now, to the millisecond (the server processes hear it through sessions_changed).
    await endSessionsOf(trx, existing.id, now);
    return existing.group === ADMIN_GROUP ? 'password-changed' : 'promoted';
  });
  return { outcome, email: login };
}
