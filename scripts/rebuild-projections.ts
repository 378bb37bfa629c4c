import { openEventLog } from '../src/api/event-log.js';
import { loadConfig } from '../src/config.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';
import { openDatabase } from '../src/runtime.js';

/**
 * `npm run projections:rebuild`: empties the order read tables and replays the whole event log
 * into them, read as the server reads it (openEventLog: personal fields opened, so the tables hold
 * 王, not its sealed form). Run it while the application is stopped (the embedded database has one user).
 */
const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const log = await openEventLog(config, database);
  try {
    const started = Date.now();
    const count = await rebuildOrderProjection(database.db, log.eventStore);
    console.info(`Rebuilt the order projections from ${count} events in ${Date.now() - started} ms.`);
  } finally {
    await log.close();
  }
} finally {
  await database.close();
}
