import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEventLog } from '../src/api/event-log.js';
import { loadConfig } from '../src/config.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';
import { openDatabase } from '../src/runtime.js';

/**
 * `npm run bench:rebuild` (not part of npm test or CI): `projections:rebuild`'s work over the store of
 * BENCH_REUSE_DATABASE_URL (a store `npm run bench:scale` kept with BENCH_KEEP=1, say), twice in
 * this process: once keeping the read tables' secondary indexes, once dropping them until the end
 * (what the rebuild does). Prints each rate and their ratio, measured one after the other under the
 * same load.
 */
const url = process.env['BENCH_REUSE_DATABASE_URL'];
if (!url) throw new Error('Set BENCH_REUSE_DATABASE_URL to the database to rebuild.');
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-rebuild-'));
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', DATABASE_QUERY_TIMEOUT_SECONDS: '3600' });
const database = await openDatabase(config);
try {
  const log = await openEventLog(config, database);
  try {
    const rate = async (keepIndexes: boolean) => {
      const started = performance.now();
      const events = await rebuildOrderProjection(database.db, log.eventStore, { keepIndexes });
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `rebuild, secondary indexes ${keepIndexes ? 'kept' : 'dropped until the end'}: ${events} events in ${seconds.toFixed(1)} s, ${Math.round(events / seconds)} events/s`,
      );
      return events / seconds;
    };
    const kept = await rate(true);
    const dropped = await rate(false);
    console.info(`dropped / kept: ${(dropped / kept).toFixed(2)}x`);
  } finally {
    await log.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
