import rateLimit from '@fastify/rate-limit';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { forgotPasswordPayload, loginPayload, passwordResetPayload, registerPayload, wechatLoginPayload } from '../../domain/index.js';
import type { DB } from '../../projections/schema.js';
import type { AppDeps } from '../deps.js';
import { envelope, ok } from '../http/envelope.js';
import { HttpError, unprocessable } from '../http/errors.js';
import { tokenSettings } from './authenticate.js';
import { issueAccessToken } from './tokens.js';
import type { WeChatIdentity } from './wechat.js';
import { WeChatUnavailableError } from './wechat-client.js';

/** SPEC.md section 7, "Account", plus POST /user: the web's login check at startup. */

const MESSAGES = {
  resetLinkSent: '已发送密码重置链接！',
  passwordReset: '您的密码已重置！',
  confirmationMismatch: '两次输入的密码不一致',
  emailTaken: '该邮箱已注册',
  // One message for an unknown email, a wrong password and a WeChat-only account: none is revealed.
  wrongCredentials: '邮箱或密码错误',
  resetLinkInvalid: '密码重置链接无效或已过期，请重新申请',
  wechatFailed: '微信登录失败，请重试',
  wechatUnavailable: '微信服务暂时不可用，请稍后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
} as const;

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most one reset mail per account in this time, whoever asks and from wherever. */
const RESET_MAIL_INTERVAL_MS = 60 * 1000;
const ONE_MINUTE_MS = 60 * 1000;

/**
 * Requests per minute. `perAccount` counts one address and one email together (guessing one
 * account's password); `perAddress` counts an address alone (trying many accounts), and is generous
 * because many Chinese mobile users share one public address.
 */
const LIMITS = {
  login: { perAccount: 10, perAddress: 60 },
  forgotPassword: { perAccount: 5, perAddress: 30 },
  register: { perAddress: 30 },
  passwordReset: { perAddress: 30 },
  wechatLogin: { perAddress: 60 },
} as const;

const USER_COLUMNS = ['id', 'name', 'email', 'group', 'password_hash', 'sessions_valid_after'] as const;
type UserRow = { id: number; name: string; email: string | null; group: number; password_hash: string | null; sessions_valid_after: Date };

const publicUser = z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), group: z.number() });
const sessionAnswer = envelope(z.object({ access_token: z.string(), user: publicUser }));
const messageAnswer = envelope(z.object({ message: z.string() }));

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(rateLimit, { global: false });

  app.post(
    '/register',
    { schema: { body: registerPayload, response: { 200: sessionAnswer } }, config: perAddress(LIMITS.register) },
    async (request) => {
      const { email, password, password_confirmation } = request.body;
      requireSamePasswords(password, password_confirmation);
      const user = await createPasswordUser(deps.db, normalizeEmail(email), await hash(password));
      return ok(await sessionFor(deps, user));
    },
  );

  app.post(
    '/login',
    {
      schema: { body: loginPayload, response: { 200: sessionAnswer } },
      onRequest: perAddressLimit(app, LIMITS.login.perAddress),
      config: perAccount(LIMITS.login),
    },
    async (request) => {
      const user = await findUserByEmail(deps.db, normalizeEmail(request.body.email));
      const passwordMatches = await matchesHash(user?.password_hash ?? null, request.body.password);
      if (!user || !passwordMatches) throw unprocessable(MESSAGES.wrongCredentials, { email: [MESSAGES.wrongCredentials] });
      return ok(await sessionFor(deps, user));
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: { body: forgotPasswordPayload, response: { 200: messageAnswer } },
      onRequest: perAddressLimit(app, LIMITS.forgotPassword.perAddress),
      config: perAccount(LIMITS.forgotPassword),
    },
    async (request) => {
      // The same answer whether or not the email is known, so it cannot be used to find accounts.
      await startPasswordReset(deps, normalizeEmail(request.body.email), request.log);
      return ok({ message: MESSAGES.resetLinkSent });
    },
  );

  app.post(
    '/password-reset',
    { schema: { body: passwordResetPayload, response: { 200: messageAnswer } }, config: perAddress(LIMITS.passwordReset) },
    async (request) => {
      const { id, token, password, password_confirmation } = request.body;
      requireSamePasswords(password, password_confirmation);
      await resetPassword(deps, { userId: /^\d{1,15}$/.test(id) ? Number(id) : 0, token, password });
      return ok({ message: MESSAGES.passwordReset });
    },
  );

  app.post(
    '/wechatlogin',
    { schema: { body: wechatLoginPayload, response: { 200: sessionAnswer } }, config: perAddress(LIMITS.wechatLogin) },
    async (request) => {
      const identity = await exchangeWeChatCode(deps, request.body.appId, request.body.code, request.log);
      if (!identity) throw unprocessable(MESSAGES.wechatFailed, { code: [MESSAGES.wechatFailed] });
      return ok(await sessionFor(deps, await weChatUser(deps.db, identity)));
    },
  );

  app.post(
    '/user',
    { schema: { body: z.unknown().optional(), response: { 200: envelope(publicUser) } }, preHandler: app.authenticate },
    async (request) => ok(request.user!),
  );
};

// ---- Rate limits -------------------------------------------------------------------------------

const perAddress = (limit: { perAddress: number }) => ({ rateLimit: { max: limit.perAddress, timeWindow: ONE_MINUTE_MS } });

/** Keyed by address and email, so it runs after validation (preHandler), when the body is parsed. */
const perAccount = (limit: { perAccount: number }) => ({
  rateLimit: {
    max: limit.perAccount,
    timeWindow: ONE_MINUTE_MS,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${emailIn(request.body)}`,
  },
});

const emailIn = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? normalizeEmail(body.email) : '';

/** The plugin runs one route limit per request; a second, per-address limit is checked by hand. */
function perAddressLimit(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({ max, timeWindow: ONE_MINUTE_MS });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    void reply.header('retry-after', outcome.ttlInSeconds);
    throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}

// ---- Users and sessions ------------------------------------------------------------------------

/** Emails are compared and kept in lower case, so Foo@x.com cannot open a second account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const findUserByEmail = (db: Kysely<DB>, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** Tokens of a new account have no earlier cutoff to respect: the epoch means "none yet". */
const NO_CUTOFF = new Date(0);

async function createPasswordUser(db: Kysely<DB>, email: string, passwordHash: string): Promise<UserRow> {
  const taken = () => unprocessable(MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
  if (await findUserByEmail(db, email)) throw taken();
  try {
    return await db
      .insertInto('users')
      .values({ email, name: email.split('@')[0]!.slice(0, 64), password_hash: passwordHash, sessions_valid_after: NO_CUTOFF })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two registrations of one email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * The access token and the user, as login, register and WeChat login answer. The token is issued
 * no earlier than the user's session cutoff: a reset puts the cutoff at the next whole second (see
 * resetPassword), and a login in that same second must still be accepted.
 */
async function sessionFor(deps: AppDeps, user: UserRow) {
  const now = deps.clock.now();
  const issuedAt = user.sessions_valid_after > now ? user.sessions_valid_after : now;
  const accessToken = await issueAccessToken(tokenSettings(deps), user.id, issuedAt, deps.ids.uuid());
  return { access_token: accessToken, user: { id: user.id, name: user.name, email: user.email, group: user.group } };
}

// ---- Passwords ---------------------------------------------------------------------------------

function requireSamePasswords(password: string, confirmation: string): void {
  if (password !== confirmation) {
    throw unprocessable(MESSAGES.confirmationMismatch, { password_confirmation: [MESSAGES.confirmationMismatch] });
  }
}

/** Computed once: a login without a stored hash still spends the time of a check, hiding which case it was. */
let decoyHash: Promise<string> | undefined;

async function matchesHash(passwordHash: string | null, password: string): Promise<boolean> {
  const matches = await verify(passwordHash ?? (await (decoyHash ??= hash('decoy-password'))), password).catch(() => false);
  return passwordHash !== null && matches;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function startPasswordReset(deps: AppDeps, email: string, log: FastifyBaseLogger): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  const now = deps.clock.now();
  if (!user?.email || (await hasRecentReset(deps.db, user.id, now))) return;
  const token = deps.ids.token();
  await deps.db
    .insertInto('password_resets')
    .values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS), created_at: now })
    .execute();
  const link = `${deps.publicBaseUrl()}/reset-password?id=${user.id}&token=${encodeURIComponent(token)}`;
  // Not awaited: how long the mail server takes must not tell a caller that the account exists.
  deps.mailer.send(resetMail(user.email, link)).catch((error: unknown) => {
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

const resetMail = (to: string, link: string) => ({
  to,
  subject: '重置您的密码',
  text: [
    '您好！',
    '',
    '我们收到了重置您账户密码的请求。请在 1 小时内打开下面的链接设置新密码：',
    link,
    '',
    '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  ].join('\n'),
});

/**
 * Sets the new password when the token is the user's, unused and unexpired; it and every other open
 * token of the user are spent. sessions_valid_after moves to the next whole second: tokens carry
 * their issue time in whole seconds, so a token issued earlier in this very second must end too,
 * while sessionFor issues later logins at that second or after.
 */
async function resetPassword(deps: AppDeps, reset: { userId: number; token: string; password: string }): Promise<void> {
  const invalid = () => unprocessable(MESSAGES.resetLinkInvalid, { token: [MESSAGES.resetLinkInvalid] });
  if (!Number.isSafeInteger(reset.userId) || reset.userId <= 0) throw invalid();
  const now = deps.clock.now();
  const open = await deps.db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', reset.userId)
    .where('token_hash', '=', sha256(reset.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!open) throw invalid();
  const passwordHash = await hash(reset.password);
  const cutoff = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  await deps.db.transaction().execute(async (trx) => {
    // Claimed by one request only, even when the link is submitted twice at once.
    const claim = await trx.updateTable('password_resets').set({ used_at: now }).where('id', '=', open.id).where('used_at', 'is', null).executeTakeFirst();
    if (claim.numUpdatedRows !== 1n) throw invalid();
    await trx.updateTable('users').set({ password_hash: passwordHash, sessions_valid_after: cutoff }).where('id', '=', reset.userId).execute();
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', reset.userId).where('used_at', 'is', null).execute();
  });
}

// ---- WeChat ------------------------------------------------------------------------------------

async function exchangeWeChatCode(deps: AppDeps, appId: string, code: string, log: FastifyBaseLogger): Promise<WeChatIdentity | null> {
  try {
    return await deps.wechat.exchangeCode(appId, code);
  } catch (error) {
    if (!(error instanceof WeChatUnavailableError)) throw error;
    log.warn({ reason: error.message }, 'WeChat login unavailable');
    throw new HttpError(503, MESSAGES.wechatUnavailable);
  }
}

/**
 * The account of a WeChat identity: by unionid (one person across the official account and the QR
 * app), else by openid, else a new account without email or password. It is never joined to an
 * email account on its own: nothing WeChat says proves the person owns that email.
 */
async function weChatUser(db: Kysely<DB>, identity: WeChatIdentity): Promise<UserRow> {
  const existing = await findWeChatUser(db, identity);
  if (existing) return existing;
  try {
    return await db
      .insertInto('users')
      .values({
        email: null,
        name: identity.nickname.slice(0, 64) || '微信用户',
        password_hash: null,
        wechat_unionid: identity.unionid,
        wechat_openid: identity.openid,
        sessions_valid_after: NO_CUTOFF,
      })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The same person's first login twice at once: the other request created the account.
    const winner = isUniqueViolation(error) ? await findWeChatUser(db, identity) : undefined;
    if (winner) return winner;
    throw error;
  }
}

async function findWeChatUser(db: Kysely<DB>, identity: WeChatIdentity): Promise<UserRow | undefined> {
  if (identity.unionid) {
    const byUnionId = await db.selectFrom('users').select(USER_COLUMNS).where('wechat_unionid', '=', identity.unionid).executeTakeFirst();
    if (byUnionId) return byUnionId;
  }
  const byOpenId = await db.selectFrom('users').select(USER_COLUMNS).where('wechat_openid', '=', identity.openid).executeTakeFirst();
  if (byOpenId && identity.unionid) await recordUnionId(db, byOpenId.id, identity.unionid);
  return byOpenId;
}

/** An account first seen without a unionid (app not yet bound to the open platform) learns it now. */
async function recordUnionId(db: Kysely<DB>, userId: number, unionid: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ wechat_unionid: unionid })
    .where('id', '=', userId)
    .where('wechat_unionid', 'is', null)
    .execute()
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
}
