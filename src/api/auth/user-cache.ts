import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { createReadThroughCache } from './read-through-cache.js';
import { findUserById, type SessionUser } from './users-repository.js';

/** The channel every change of a user row is announced on (migration 0008-users-changed). */
export const USERS_CHANGED_CHANNEL = 'users_changed';
const CACHE_SIZE = 20_000;

/**
 * The signed-in users, cached so a request does not read its user row each time. An entry is
 * dropped when the row changes: in this process at once (`forget`, called where a row is changed),
 * in every process through `users_changed` (a NOTIFY from the table's trigger); after the listener
 * reconnects, when notifications may have been missed, everything is dropped.
 */
export interface UserCache {
  find(id: number): Promise<SessionUser | undefined>;
  /** '' drops every entry. */
  forget(id: number | string): void;
}

/** `onForget`: told of each forgotten user (the session cache drops that user's sessions with it). */
export function createUserCache(db: Kysely<DB>, onForget: (id: number | string) => void = () => undefined): UserCache {
  const users = createReadThroughCache(CACHE_SIZE, (id: number) => findUserById(db, id));
  return {
    find: (id) => users.find(id),
    forget(id) {
      users.forget(id === '' ? undefined : Number(id));
      onForget(id);
    },
  };
}
