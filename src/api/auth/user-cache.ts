import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
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
  const users = new Map<number, SessionUser>();
  /** Rows read while a change was announced must not be kept: each forget starts a new generation. */
  let generation = 0;
  return {
    async find(id) {
      const cached = users.get(id);
      if (cached) return cached;
      const started = generation;
      const user = await findUserById(db, id);
      if (user && started === generation) {
        users.set(id, user);
        if (users.size > CACHE_SIZE) users.delete(users.keys().next().value!);
      }
      return user;
    },
    forget(id) {
      generation += 1;
      if (id === '') users.clear();
      else users.delete(Number(id));
      onForget(id);
    },
  };
}
