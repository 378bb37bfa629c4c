import { sql, type Kysely, type Migration } from 'kysely';
import { HASH_KEY } from '../../chain/index.js';

/**
 * The events without a hash, indexed by stream (issue 25). The hash-chain backfill looks for them on
 * every start; without this index that search read the whole log (2.7 s of a 14 s start at a million
 * orders) only to find nothing. Every event appended since the chain exists has its hash, so the
 * index stays empty and costs an append nothing but the predicate's check.
 */
export const UNCHAINED_EVENTS_PREDICATE = sql.raw(`not (metadata ? '${HASH_KEY}')`);

export const unchainedEventsIndex: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create index es_events_unchained on es_events (stream_id) where ${UNCHAINED_EVENTS_PREDICATE}`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop index es_events_unchained`.execute(db);
  },
};
