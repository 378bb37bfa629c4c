import type { AppDeps } from '../deps.js';
import { tokenSettings } from './authenticate.js';
import { issueAccessToken } from './tokens.js';
import type { UserAccount } from './users-repository.js';

/**
 * The session cutoff that ends every token issued until now: the next whole second, because
 * tokens carry their issue time in whole seconds, so one issued earlier in this very second must
 * end too (sessionFor issues later logins at that second or after).
 */
export const sessionCutoff = (now: Date) => new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);

/**
 * The access token and the user, as login, register and WeChat login answer. The token is issued
 * no earlier than the user's session cutoff: a login in the second a reset set must still be accepted.
 */
export async function sessionFor(deps: AppDeps, user: UserAccount) {
  const now = deps.clock.now();
  const issuedAt = user.sessions_valid_after > now ? user.sessions_valid_after : now;
  const accessToken = await issueAccessToken(tokenSettings(deps), user.id, issuedAt, deps.ids.uuid());
  return { access_token: accessToken, user: { id: user.id, name: user.name, email: user.email, group: user.group } };
}
