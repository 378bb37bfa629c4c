import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { DB } from '../../database/schema.js';
import { DEFAULT_LOCALE, message, notificationText, type Locale, type NotificationTextKey } from '../../domain/index.js';
import { framedMail } from '../notifications/mail-frame.js';
import type { AppDeps } from '../deps.js';
import { fieldError } from '../http/errors.js';
import { endSessionsOf } from '../../database/sessions.js';
import { requireAcceptedPassword } from './password-policy.js';
import { forgetSessions, sessionCutoff } from './sessions.js';
import { findUserByEmail, normalizeEmail, setPassword } from './users-repository.js';

/** Forgotten passwords: a single-use link by mail, valid for an hour, that ends older sessions. */

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most one reset mail per account in this time, whoever asks and from wherever. */
const RESET_MAIL_INTERVAL_MS = 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Mails a reset link to the account of `email`, unless there is none, it has no email, or one was
 * mailed within the last minute. The caller answers the same in every case.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'clock' | 'ids' | 'mailer' | 'publicBaseUrl'>,
  email: string,
  log: FastifyBaseLogger,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const user = await findUserByEmail(deps.db, normalizeEmail(email));
  const now = deps.clock.now();
  if (!user?.email || (await hasRecentReset(deps.db, user.id, now))) return;
  const token = deps.ids.token();
  await deps.db
    .insertInto('password_resets')
    .values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS), created_at: now })
    .execute();
  const link = `${deps.publicBaseUrl()}/reset-password?id=${user.id}&token=${encodeURIComponent(token)}`;
  // Not awaited: how long the mail server takes must not tell a caller that the account exists.
  deps.mailer.send(resetMail(user.email, link, locale)).catch((error: unknown) => {
    log.error({ userId: user.id, error: error instanceof Error ? error.name : 'unknown' }, 'password reset mail not sent');
  });
}

async function hasRecentReset(db: Kysely<DB>, userId: number, now: Date): Promise<boolean> {
  const recent = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - RESET_MAIL_INTERVAL_MS))
    .executeTakeFirst();
  return recent !== undefined;
}

/** The reset mail in the language of the request that asked for it. */
const resetMail = (to: string, link: string, locale: Locale) => {
  const t = (key: NotificationTextKey) => notificationText(key, locale);
  return framedMail({
    to,
    lang: locale,
    subject: t('reset.subject'),
    title: t('reset.greeting'),
    paragraphs: [t('reset.body'), link],
    link: { url: link, label: t('reset.button') },
    footnote: t('reset.ignore'),
  });
};

export interface PasswordReset {
  /** 0 when the link's id is not a number: refused like a wrong token. */
  readonly userId: number;
  readonly token: string;
  readonly password: string;
}

/**
 * Sets the new password when the token is the user's, unused and unexpired; it and every other open
 * token of the user are spent, and the sessions opened before end (see sessionCutoff).
 */
export async function completePasswordReset(
  deps: Pick<AppDeps, 'db' | 'clock' | 'users' | 'sessions'>,
  reset: PasswordReset,
): Promise<void> {
  const invalid = () => fieldError('reset_link_invalid', 'token', message('account.resetLinkInvalid'));
  if (!Number.isSafeInteger(reset.userId) || reset.userId <= 0) throw invalid();
  const now = deps.clock.now();
  const open = await findOpenReset(deps.db, reset.userId, sha256(reset.token), now);
  if (!open) throw invalid();
  await requireAcceptedPassword(deps.db, reset.userId, reset.password);
  const passwordHash = await hash(reset.password);
  const ended = await deps.db.transaction().execute(async (trx) => {
    // Claimed by one request only, even when the link is submitted twice at once.
    const claim = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', open.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (claim.numUpdatedRows !== 1n) throw invalid();
    await setPassword(trx, reset.userId, passwordHash, sessionCutoff(now));
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', reset.userId)
      .where('used_at', 'is', null)
      .execute();
    return endSessionsOf(trx, reset.userId, now);
  });
  // Other processes hear of it through users_changed and sessions_changed; this one forgets now.
  deps.users.forget(reset.userId);
  forgetSessions(deps, ended);
}

const findOpenReset = (db: Kysely<DB>, userId: number, tokenHash: string, now: Date) =>
  db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
