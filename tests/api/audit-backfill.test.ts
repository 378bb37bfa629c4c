import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStore } from '../../src/api/audit/verify-store.js';
import { loadConfig } from '../../src/config.js';
import { CHAIN_BACKFILL_STREAM } from '../../src/domain/index.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { runOrderCommands } from '../../src/api/orders/order-commands.js';
import { fillPayerDetails } from '../../src/domain/index.js';
import { ACCOUNT, PAYER } from '../domain/support.js';

/**
 * Events stored before the hash chain existed are chained once, in place, when the service starts
 * (a recorded migration: HashChainBackfilled with the counts), and then verify like any other.
 */
describe('events stored before the hash chain', () => {
  let pglite: PGlite;
  let dataDir: string;
  const open = (): Promise<Runtime> =>
    openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      database: { kind: 'pglite-instance', pglite },
      demoPartnerOrders: false,
    });

  beforeAll(async () => {
    pglite = await PGlite.create();
    dataDir = await mkdtemp(path.join(tmpdir(), 'audit-backfill-'));
  });
  afterAll(async () => {
    await pglite.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are chained at the next start, with the hashes they would have had, and the migration is on record once', async () => {
    const before = await open();
    const actor = { id: '7', role: 'payer' as const };
    for (const id of ['old-1', 'old-2']) {
      await runOrderCommands(
        before.deps,
        id,
        [
          { type: 'createOrder', order_id: id, resource: { id: '1004', name: 'TUM', currency: 'EUR' }, amount: '5000' },
          { type: 'saveRecipientAccount', account: ACCOUNT },
          { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) },
        ],
        actor,
      );
    }
    const chained = await before.deps.db.selectFrom('es_events').select(['event_id', 'metadata']).orderBy('position').execute();
    // The two orders' streams and those the reference data starts with (institutions, markups, notice).
    const streams = await sql<{ n: number }>`select count(distinct stream_id)::int as n from es_events`.execute(before.deps.db);
    await before.close();

    // As they were stored before the chain: no hash at all.
    await pglite.query(`update es_events set metadata = metadata - 'hash'`);
    const first = await open();
    try {
      const after = await first.deps.db
        .selectFrom('es_events')
        .select(['event_id', 'metadata'])
        .where('stream_id', '<>', CHAIN_BACKFILL_STREAM)
        .orderBy('position')
        .execute();
      expect(after).toEqual(chained);
      const recorded = await first.deps.db
        .selectFrom('es_events')
        .select(['event_type', 'data'])
        .where('stream_id', '=', CHAIN_BACKFILL_STREAM)
        .execute();
      expect(recorded).toEqual([{ event_type: 'HashChainBackfilled', data: { streams: streams.rows[0]!.n, events: chained.length } }]);
      expect(await verifyStore(first.deps)).toMatchObject({ ok: true, unchained: 0 });
    } finally {
      await first.close();
    }
    const again = await open();
    try {
      const count = await sql<{ n: number }>`select count(*)::int as n from es_events where stream_id = ${CHAIN_BACKFILL_STREAM}`.execute(
        again.deps.db,
      );
      expect(count.rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  });
});
