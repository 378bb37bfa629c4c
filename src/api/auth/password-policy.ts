import { dictionary } from '@zxcvbn-ts/language-common';
import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { message, NEW_PASSWORD_MIN_LENGTH, type Message } from '../../domain/index.js';
import { fieldError } from '../http/errors.js';
import { isStaff as isStaffGroup } from '../../domain/access/roles.js';

/**
 * The password policy for a password being set (DESIGN.md section 12): payers at least 10
 * characters, staff 12, and never one on the list of common passwords. The list is zxcvbn-ts's
 * "passwords-common" (MIT; about 49,000 passwords from leaked sets, ranked by frequency), a kept
 * list rather than a hand-typed one. Login is not checked: passwords set before still work.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

let common: ReadonlySet<string> | undefined;
/** Built on first use (a few milliseconds), in lower case: "Password123" is as common as "password123". */
const commonPasswords = (): ReadonlySet<string> =>
  (common ??= new Set((dictionary['passwords-common'] as readonly string[]).map((password) => password.toLowerCase())));

export const isCommonPassword = (password: string) => commonPasswords().has(password.trim().toLowerCase());

/** Why the password cannot be set for an account of this group, or null when it can. */
export function passwordProblem(password: string, group: number): Message | null {
  const length = [...password].length;
  if (length < NEW_PASSWORD_MIN_LENGTH) return message('validation.newPasswordTooShort');
  if (isStaffGroup(group) && length < STAFF_PASSWORD_MIN_LENGTH) return message('account.passwordTooShortStaff');
  if (isCommonPassword(password)) return message('account.passwordCommon');
  return null;
}

/** Throws 422 password_too_weak on the `password` field unless the policy accepts it. */
export function requirePolicyPassword(password: string, group: number): void {
  const problem = passwordProblem(password, group);
  if (problem) throw fieldError('password_too_weak', 'password', problem);
}

/** requirePolicyPassword for the user's own group (a password reset; an unknown user is a payer). */
export async function requireAcceptedPassword(db: Kysely<DB>, userId: number, password: string): Promise<void> {
  const user = await db.selectFrom('users').select('group').where('id', '=', userId).executeTakeFirst();
  requirePolicyPassword(password, user?.group ?? 0);
}
