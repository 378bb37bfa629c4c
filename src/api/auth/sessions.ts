import { endSessionsOf } from '../../database/sessions.js';
import type { AppDeps } from '../deps.js';
import { startRepeating, type RepeatingTask } from '../repeating-task.js';
import { tokenSettings } from './authenticate.js';
import { isStaff as isStaffGroup } from '../../domain/access/roles.js';
import { issueAccessToken } from './tokens.js';
import type { UserAccount } from './users-repository.js';

/**
 * The session cutoff that ends every token issued until now: the next whole second, because
 * tokens carry their issue time in whole seconds, so one issued earlier in this very second must
 * end too (sessionFor issues later logins at that second or after). The sessions table ends
 * tokens to the millisecond; this coarser cutoff stays as a second, independent barrier.
 */
export const sessionCutoff = (now: Date) => new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);

const KEPT_AFTER_END_MS = 24 * 3600 * 1000;
/** How often the leading process deletes the sessions that ended or expired over a day ago. */
const SESSION_SWEEP_INTERVAL_MS = 3600 * 1000;

/** How long a new session of this user lives: staff a working day, payers a week (config). */
export const sessionTtlSeconds = (deps: Pick<AppDeps, 'config'>, group: number) =>
  isStaffGroup(group) ? deps.config.jwt.staffTtlSeconds : deps.config.jwt.ttlSeconds;

/**
 * Opens a session of the user and answers its access token. The token is issued no earlier than
 * the user's session cutoff: a login in the second a reset set must still be accepted.
 * `secondFactor`: the user proved a second factor (or needs none for what the session may do).
 */
export async function openSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'ids' | 'config' | 'jwtSecret'>,
  user: Pick<UserAccount, 'id' | 'group' | 'sessions_valid_after'>,
  options: { readonly secondFactor?: boolean } = {},
): Promise<string> {
  const now = deps.clock.now();
  const issuedAt = user.sessions_valid_after > now ? user.sessions_valid_after : now;
  const ttlSeconds = sessionTtlSeconds(deps, user.group);
  const sessionId = deps.ids.token(24);
  await deps.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      created_at: now,
      expires_at: new Date(issuedAt.getTime() + ttlSeconds * 1000),
      second_factor: options.secondFactor ?? false,
    })
    .execute();
  return issueAccessToken(tokenSettings(deps), { userId: user.id, sessionId, ttlSeconds }, issuedAt, deps.ids.uuid());
}

/** Keeps the table small: a session over a day past its end or expiry is of no use to anyone. */
export async function sweepSessions(deps: Pick<AppDeps, 'db'>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEPT_AFTER_END_MS);
  await deps.db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
    .execute();
}

/**
 * Sweeps the sessions table every `intervalMs`, in the leading process. Not on a login: a login
 * must never end anyone's session, and under a clock moved ahead (as in tests) a sweep would.
 */
export const startSessionSweeper = (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  onError: (error: unknown) => void,
  intervalMs = SESSION_SWEEP_INTERVAL_MS,
): RepeatingTask => startRepeating(() => sweepSessions(deps, deps.clock.now()), intervalMs, onError);

/** The access token and the user, as login, register, WeChat login and the second factor answer. */
export async function sessionFor(deps: AppDeps, user: UserAccount, options: { readonly secondFactor?: boolean } = {}) {
  const accessToken = await openSession(deps, user, options);
  return { access_token: accessToken, user: { id: user.id, name: user.name, email: user.email, group: user.group } };
}

/** Ends one session (a log out). */
export async function endSession(deps: Pick<AppDeps, 'db' | 'clock' | 'sessions'>, sessionId: string): Promise<void> {
  await deps.db
    .updateTable('sessions')
    .set({ ended_at: deps.clock.now() })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
  // Other processes hear of it through sessions_changed; this one forgets the session now.
  deps.sessions.forget(sessionId);
}

/** Ends every session of the user (sign out everywhere), at once in this process too. */
export async function endAllSessions(deps: Pick<AppDeps, 'db' | 'clock' | 'sessions'>, userId: number): Promise<void> {
  forgetSessions(deps, await endSessionsOf(deps.db, userId, deps.clock.now()));
}

/** After a commit that ended these sessions: this process drops them now, the others on the NOTIFY. */
export const forgetSessions = (deps: Pick<AppDeps, 'sessions'>, ids: readonly string[]) => {
  for (const id of ids) deps.sessions.forget(id);
};
