export {
  createDatabase,
  restorePGliteDataDir,
  type Database,
  type DatabaseConfig,
  type DataDirSnapshot,
  type SnapshotQuery,
} from './database.js';
export { migrateEventStoreDown, migrateEventStoreToLatest } from './migrate.js';
export { openPostgresEventStore } from './open.js';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
export {
  projectsInAppend,
  type InAppendTransaction,
  type PostgresEventStore,
  type ProjectedAppendResult,
  type StatementProjection,
} from './port.js';
export type { EventStoreTables } from './schema.js';
export { isDatabaseUnavailable } from './connection-errors.js';
export { backfillHashChain, type BackfillResult } from './chain-backfill.js';
export type { LeaderTask, Leadership } from './leadership.js';
export { preparedAs, preparedQuery } from './prepared.js';
