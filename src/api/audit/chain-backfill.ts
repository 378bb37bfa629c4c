import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { backfillHashChain } from '../../../eventstore/postgres/index.js';
import type { EventStore } from '../../../eventstore/port.js';
import { CHAIN_BACKFILL_STREAM } from '../../domain/index.js';
import type { Clock, Ids } from '../deps.js';
import { SYSTEM_ACTOR, eventMeta, newEventOf } from '../recorded-events.js';

/**
 * The one-off, recorded migration of DESIGN.md section 8: events stored before the hash chain
 * existed get their hashes in place, and how many is written to the log as HashChainBackfilled.
 * Nothing to chain, nothing written. (EventStoreDB cannot rewrite events: there, such events stay
 * unchained and the audit counts them as such.)
 */
export async function chainEventsStoredBeforeTheChain(db: Kysely<DB>, storedEvents: EventStore, clock: Clock, ids: Ids): Promise<void> {
  const result = await backfillHashChain(db);
  if (result.events === 0) return;
  const page = await storedEvents.readStream(CHAIN_BACKFILL_STREAM, { fromRevision: 0n, maxCount: 10_000 });
  await storedEvents.append(
    CHAIN_BACKFILL_STREAM,
    [
      newEventOf({
        type: 'HashChainBackfilled',
        data: { streams: result.streams, events: result.events },
        meta: eventMeta({ clock, ids }, SYSTEM_ACTOR),
      }),
    ],
    page.at(-1)?.revision ?? 'no_stream',
  );
}
