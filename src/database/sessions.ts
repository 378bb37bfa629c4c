import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Ends every open session of the user at `at`: each of their tokens is refused from now on, on
 * every server process (the sessions_changed trigger tells the others). Called by whatever must
 * end a user's tokens: a password change or reset, a role change, an erasure, a new admin password,
 * "sign out everywhere". Takes `db` or a transaction, so it holds or falls with the change itself.
 * Answers the ids it ended (a process may drop them from its cache at once).
 */
export async function endSessionsOf(db: Kysely<DB>, userId: number, at: Date): Promise<string[]> {
  const ended = await db
    .updateTable('sessions')
    .set({ ended_at: at })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return ended.map((row) => row.id);
}
