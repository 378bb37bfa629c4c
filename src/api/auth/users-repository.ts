import type { Db, NewUser, User } from '../../database/schema.js';

/**
 * Every query on `users` that signing in, password resets, WeChat accounts, admin creation and the
 * seed share. Each takes `db` or a transaction.
 */

/** Emails are compared and kept in lower case, so Foo@x.com cannot open a second account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const ACCOUNT_COLUMNS = ['id', 'name', 'email', 'group', 'password_hash', 'sessions_valid_after'] as const;
/** What signing in needs of a user: who they are, their password hash and their session cutoff. */
export type UserAccount = Pick<User, (typeof ACCOUNT_COLUMNS)[number]>;

/** A request's user: the password hash stays in the database. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'group' | 'sessions_valid_after'>;

export type NewUserAccount = Omit<NewUser, 'id' | 'sessions_valid_after' | 'created_at'>;

/** Tokens of a new account have no earlier cutoff to respect: the epoch means "none yet". */
const NO_CUTOFF = new Date(0);

export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

export const findUserByEmail = (db: Db, email: string): Promise<UserAccount | undefined> =>
  db.selectFrom('users').select(ACCOUNT_COLUMNS).where('email', '=', email).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<SessionUser | undefined> =>
  db.selectFrom('users').select(['id', 'name', 'email', 'group', 'sessions_valid_after']).where('id', '=', id).executeTakeFirst();

export const findUserByWeChatUnionId = (db: Db, unionid: string): Promise<UserAccount | undefined> =>
  db.selectFrom('users').select(ACCOUNT_COLUMNS).where('wechat_unionid', '=', unionid).executeTakeFirst();

export const findUserByWeChatOpenId = (db: Db, openid: string): Promise<UserAccount | undefined> =>
  db.selectFrom('users').select(ACCOUNT_COLUMNS).where('wechat_openid', '=', openid).executeTakeFirst();

/** Throws the database's unique violation when the email or a WeChat id is taken (see isUniqueViolation). */
export const createUser = (db: Db, user: NewUserAccount): Promise<UserAccount> =>
  db
    .insertInto('users')
    .values({ ...user, sessions_valid_after: NO_CUTOFF })
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirstOrThrow();

/** Sets the password (null removes it) and refuses the tokens issued before `sessionsValidAfter`. */
export async function setPassword(db: Db, userId: number, passwordHash: string | null, sessionsValidAfter: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, sessions_valid_after: sessionsValidAfter })
    .where('id', '=', userId)
    .execute();
}

/** Only where none is recorded yet; throws a unique violation when another account holds it. */
export async function recordWeChatUnionId(db: Db, userId: number, unionid: string): Promise<void> {
  await db.updateTable('users').set({ wechat_unionid: unionid }).where('id', '=', userId).where('wechat_unionid', 'is', null).execute();
}

/** What the second factor's sign-in needs of a user. */
export const findChallengedUser = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'group', 'password_hash', 'sessions_valid_after'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The names and emails of these users, for a list that shows who did what. */
export const usersNamed = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', [...ids])
        .execute();
