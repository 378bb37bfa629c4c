import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH, HASH_KEY, eventHash, storedHash } from '../chain/index.js';
import { UNCHAINED_EVENTS_PREDICATE } from './migrations/0004-unchained-events-index.js';
import type { EventStoreTables } from './schema.js';

export interface BackfillResult {
  readonly streams: number;
  readonly events: number;
}

const STREAM_BATCH = 200;

/**
 * The one-off chaining of events stored before the hash chain existed (DESIGN.md section 8): each
 * stream with an unchained event is walked from its start and every event without a hash gets the
 * one it would have had. Runs before the store takes appends; the caller records the result as an
 * event. Events already chained are left alone, so running it again changes nothing.
 */
export async function backfillHashChain<DB extends EventStoreTables>(appDb: Kysely<DB>): Promise<BackfillResult> {
  const db = appDb as unknown as Kysely<EventStoreTables>;
  let streams = 0;
  let events = 0;
  for (;;) {
    const pending = await unchainedStreamsQuery(db).execute();
    if (pending.length === 0) return { streams, events };
    for (const { stream_id } of pending) events += await chainStream(db, stream_id);
    streams += pending.length;
  }
}

/** Up to a batch of streams holding an unchained event, found in the index of such events (0004). */
export function unchainedStreamsQuery(db: Kysely<EventStoreTables>) {
  return (
    db
      .selectFrom('es_events')
      .select('stream_id')
      .distinct()
      // Literally the partial index's predicate, so the planner proves it and reads the index.
      .where(sql<boolean>`${UNCHAINED_EVENTS_PREDICATE}`)
      .limit(STREAM_BATCH)
  );
}

async function chainStream(db: Kysely<EventStoreTables>, streamId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('es_events')
      .select(['position', 'stream_revision', 'event_id', 'event_type', 'data', 'metadata'])
      .where('stream_id', '=', streamId)
      .orderBy('stream_revision')
      .forUpdate()
      .execute();
    let previous = GENESIS_HASH;
    let changed = 0;
    for (const row of rows) {
      const metadata = row.metadata;
      const existing = storedHash(metadata);
      if (existing) {
        previous = existing;
        continue;
      }
      const event = { streamId, revision: BigInt(row.stream_revision), id: row.event_id, type: row.event_type, data: row.data, metadata };
      previous = eventHash(event, previous);
      await trx
        .updateTable('es_events')
        .set({ metadata: sql`metadata || jsonb_build_object(${HASH_KEY}::text, ${previous}::text)` })
        .where('position', '=', row.position)
        .execute();
      changed += 1;
    }
    return changed;
  });
}
