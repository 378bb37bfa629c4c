import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';

/** Display names of the actors of some events: users by their name, services by their id. */
export async function actorNames(db: Kysely<DB>, actorIds: readonly string[]): Promise<(id: string) => string> {
  const userIds = [...new Set(actorIds.filter((id) => /^\d{1,9}$/.test(id)).map(Number))];
  const rows = userIds.length > 0 ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute() : [];
  const names = new Map(rows.map((row) => [String(row.id), row.name || row.email || String(row.id)]));
  return (id) => names.get(id) ?? id;
}
