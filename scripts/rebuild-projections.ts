import path from 'node:path';
import { createEsdbEventStore } from '../eventstore/esdb/index.js';
import { createDatabase, createPostgresEventStore } from '../eventstore/postgres/index.js';
import { loadConfig } from '../src/config.js';
import { migrateToLatest } from '../src/database/migrate.js';
import type { DB } from '../src/database/schema.js';
import { rebuildOrderProjection } from '../src/projections/projection-runner.js';

/**
 * `npm run projections:rebuild`: empties the order read tables and replays the whole event log
 * into them. Run it while the application is stopped (the embedded database has one user).
 */
const config = loadConfig(process.env);
const database = await createDatabase<DB>(
  config.databaseUrl
    ? { kind: 'postgres', connectionString: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.resolve(config.dataDir, 'pglite') },
);
try {
  await migrateToLatest(database.db);
  const store = config.eventStoreUrl
    ? createEsdbEventStore({ connectionString: config.eventStoreUrl })
    : createPostgresEventStore({ database });
  const started = Date.now();
  const count = await rebuildOrderProjection(database.db, store);
  await store.close();
  console.info(`Rebuilt the order projections from ${count} events in ${Date.now() - started} ms.`);
} finally {
  await database.close();
}
