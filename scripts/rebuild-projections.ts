import { parseArgs } from 'node:util';
import { openEventLog } from '../src/api/event-log.js';
import { loadConfig } from '../src/config.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';
import { openDatabase } from '../src/runtime.js';

/** How often a long rebuild says how far it got. */
const PROGRESS_MS = 10_000;

/**
 * `npm run projections:rebuild [-- --page-size N]`: empties the order read tables and replays the
 * whole event log into them, read as the server reads it (openEventLog: personal fields opened, so
 * the tables hold 王, not its sealed form). Run it while the application is stopped (the embedded
 * database has one user). Killed half-way, it is simply run again (or the server started: it
 * carries on from where the rebuild stopped, and creates the dropped indexes again).
 */
const { values } = parseArgs({ options: { 'page-size': { type: 'string' } } });
const pageSize = values['page-size'] === undefined ? undefined : Number(values['page-size']);
const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const log = await openEventLog(config, database);
  try {
    const started = Date.now();
    let told = 0;
    const onPage = (written: number) => {
      if (told > 0 && Date.now() - told < PROGRESS_MS) return;
      told = Date.now();
      console.info(`Replayed ${written} events so far (${Math.round((written / Math.max(1, told - started)) * 1000)} events/s).`);
    };
    const count = await rebuildOrderProjection(database.db, log.eventStore, { ...(pageSize ? { pageSize } : {}), onPage });
    console.info(`Rebuilt the order projections from ${count} events in ${Date.now() - started} ms.`);
  } finally {
    await log.close();
  }
} finally {
  await database.close();
}
