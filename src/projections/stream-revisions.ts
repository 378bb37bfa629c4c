import type { StoredEvent } from '../../eventstore/port.js';
import type { Db } from '../database/schema.js';
import type { Applied } from './order-projector.js';

/**
 * Applies an event once per stream revision, inside the caller's transaction: the stream's revision
 * is kept in `stream_revisions` beside the tables it changed, so an event applied twice (a replay)
 * changes nothing and a command can wait until its change is readable.
 */
export async function applyOnce(trx: Db, stored: StoredEvent, apply: () => Promise<void>): Promise<Applied | null> {
  const seen = await trx
    .selectFrom('stream_revisions')
    .select('revision')
    .where('stream_id', '=', stored.streamId)
    .forUpdate()
    .executeTakeFirst();
  if (seen && BigInt(seen.revision) >= stored.revision) return null;
  await apply();
  const revision = stored.revision.toString();
  await trx
    .insertInto('stream_revisions')
    .values({ stream_id: stored.streamId, revision })
    .onConflict((conflict) => conflict.column('stream_id').doUpdateSet({ revision }))
    .execute();
  return { orderId: stored.streamId, revision: stored.revision };
}
