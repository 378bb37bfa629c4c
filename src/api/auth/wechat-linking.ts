import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { message } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { fieldError, HttpError } from '../http/errors.js';
import {
  createUser,
  findUserByWeChatOpenId,
  findUserByWeChatUnionId,
  isUniqueViolation,
  recordWeChatUnionId,
  type UserAccount,
} from './users-repository.js';
import type { WeChatIdentity } from './wechat.js';
import { WeChatUnavailableError } from './wechat-client.js';

/** The name of a WeChat account whose nickname WeChat left empty. */
const DEFAULT_NICKNAME = '微信用户';

/**
 * The user a WeChat OAuth code belongs to, created at the first login: 422 when WeChat refuses the
 * code, 503 when WeChat cannot be reached.
 */
export async function userOfWeChatCode(
  deps: Pick<AppDeps, 'db' | 'wechat'>,
  appId: string,
  code: string,
  log: FastifyBaseLogger,
): Promise<UserAccount> {
  const identity = await exchangeWeChatCode(deps, appId, code, log);
  if (!identity) throw fieldError('wechat_login_failed', 'code', message('account.wechatFailed'));
  const user = await weChatUser(deps.db, identity);
  if (identity.officialAccount) await recordOfficialAccountOpenId(deps.db, user.id, identity.openid);
  return user;
}

/** Signed in inside WeChat: this openid is the official account's, the one its messages go to. */
async function recordOfficialAccountOpenId(db: Kysely<DB>, userId: number, openid: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ wechat_mp_openid: openid })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('wechat_mp_openid', 'is', null), eb('wechat_mp_openid', '!=', openid)]))
    .execute()
    .catch((error: unknown) => {
      // Another account holds it (two accounts of one person before their unionid was known): that one keeps it.
      if (!isUniqueViolation(error)) throw error;
    });
}

async function exchangeWeChatCode(
  deps: Pick<AppDeps, 'wechat'>,
  appId: string,
  code: string,
  log: FastifyBaseLogger,
): Promise<WeChatIdentity | null> {
  try {
    return await deps.wechat.exchangeCode(appId, code);
  } catch (error) {
    if (!(error instanceof WeChatUnavailableError)) throw error;
    log.warn({ reason: error.message }, 'WeChat login unavailable');
    throw new HttpError('wechat_unavailable', message('account.wechatUnavailable'));
  }
}

/**
 * The account of a WeChat identity: by unionid (one person across the official account and the QR
 * app), else by openid, else a new account without email or password. It is never joined to an
 * email account on its own: nothing WeChat says proves the person owns that email.
 */
async function weChatUser(db: Kysely<DB>, identity: WeChatIdentity): Promise<UserAccount> {
  const existing = await findWeChatUser(db, identity);
  if (existing) return existing;
  try {
    return await createUser(db, {
      email: null,
      name: identity.nickname.slice(0, 64) || DEFAULT_NICKNAME,
      password_hash: null,
      wechat_unionid: identity.unionid,
      wechat_openid: identity.openid,
    });
  } catch (error) {
    // The same person's first login twice at once: the other request created the account.
    const winner = isUniqueViolation(error) ? await findWeChatUser(db, identity) : undefined;
    if (winner) return winner;
    throw error;
  }
}

async function findWeChatUser(db: Kysely<DB>, identity: WeChatIdentity): Promise<UserAccount | undefined> {
  if (identity.unionid) {
    const byUnionId = await findUserByWeChatUnionId(db, identity.unionid);
    if (byUnionId) return byUnionId;
  }
  const byOpenId = await findUserByWeChatOpenId(db, identity.openid);
  if (byOpenId && identity.unionid) await learnUnionId(db, byOpenId.id, identity.unionid);
  return byOpenId;
}

/** An account first seen without a unionid (app not yet bound to the open platform) learns it now. */
async function learnUnionId(db: Kysely<DB>, userId: number, unionid: string): Promise<void> {
  await recordWeChatUnionId(db, userId, unionid).catch((error: unknown) => {
    // Another account took this unionid meanwhile: this one goes on logging in by its openid.
    if (!isUniqueViolation(error)) throw error;
  });
}
