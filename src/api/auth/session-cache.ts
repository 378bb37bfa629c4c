import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { createReadThroughCache } from './read-through-cache.js';

/** The channel every change of a session row is announced on (migration 0025-sessions). */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';
const CACHE_SIZE = 50_000;

/** What authentication needs of an open session. */
export interface OpenSession {
  readonly id: string;
  readonly userId: number;
  readonly expiresAt: Date;
  /** Opened with a second factor, or one was enrolled in it. */
  readonly secondFactor: boolean;
}

/**
 * The open sessions, cached so a request does not read its session row each time (the pattern of
 * user-cache.ts). An entry is dropped when its row changes: in this process at once (`forget`,
 * called where a session is ended, or `forgetUser` when the user changed), in every process through
 * `sessions_changed` (a NOTIFY from the table's trigger); after the listener reconnects, when notifications may have been missed,
 * everything is dropped. Ended sessions are never cached: once seen ended, a session stays ended.
 */
export interface SessionCache {
  /** The session while it is open (not ended; expiry is the caller's check, against its clock). */
  find(id: string): Promise<OpenSession | undefined>;
  /** '' drops every entry. */
  forget(id: string): void;
  /**
   * Drops every cached session of the user ('' all): a change of the user row (role, erasure,
   * password) ends their sessions in the same transaction, and this process then knows at once.
   */
  forgetUser(userId: number | string): void;
}

export function createSessionCache(db: Kysely<DB>): SessionCache {
  const sessions = createReadThroughCache(CACHE_SIZE, async (id: string): Promise<OpenSession | undefined> => {
    const row = await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'second_factor'])
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, expiresAt: new Date(row.expires_at), secondFactor: row.second_factor };
  });
  return {
    find: (id) => sessions.find(id),
    forget: (id) => sessions.forget(id === '' ? undefined : id),
    forgetUser: (userId) => (userId === '' ? sessions.forget() : sessions.forgetWhere((session) => session.userId === Number(userId))),
  };
}
