import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { message } from '../../domain/index.js';
import { fieldError } from '../http/errors.js';
import { requirePolicyPassword } from './password-policy.js';
import { createUser, findUserByEmail, isUniqueViolation, normalizeEmail, type UserAccount } from './users-repository.js';

/** Accounts with an email and a password: registration and login. */

export async function registerWithPassword(db: Kysely<DB>, email: string, password: string): Promise<UserAccount> {
  const login = normalizeEmail(email);
  requirePolicyPassword(password, 0);
  const passwordHash = await hash(password);
  const taken = () => fieldError('email_taken', 'email', message('account.emailTaken'));
  if (await findUserByEmail(db, login)) throw taken();
  try {
    return await createUser(db, { email: login, name: login.split('@')[0]!.slice(0, 64), password_hash: passwordHash });
  } catch (error) {
    // Two registrations of one email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function logInWithPassword(db: Kysely<DB>, email: string, password: string): Promise<UserAccount> {
  const user = await findUserByEmail(db, normalizeEmail(email));
  const passwordMatches = await matchesHash(user?.password_hash ?? null, password);
  if (!user || !passwordMatches) throw fieldError('wrong_credentials', 'email', message('account.wrongCredentials'));
  return user;
}

/** Computed once: a login without a stored hash still spends the time of a check, hiding which case it was. */
let decoyHash: Promise<string> | undefined;

async function matchesHash(passwordHash: string | null, password: string): Promise<boolean> {
  const matches = await verify(passwordHash ?? (await (decoyHash ??= hash('decoy-password'))), password).catch(() => false);
  return passwordHash !== null && matches;
}
