import type { DatabaseConfig } from '../../../eventstore/postgres/index.js';

/** Connections of a background task's own (its reads of the log and its batches). */
const BACKGROUND_POOL_SIZE = 2;

export type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/**
 * On PostgreSQL, a small pool of its own for a task that follows the log (the projector, the
 * notifier), so that under load its reads and batches do not queue behind the commands for a
 * connection (that queue was most of the projection lag of a busy server). Its commits do not
 * wait for the WAL flush: a batch lost in a crash of the database goes with its checkpoint and is
 * applied again from the log, which is written with the commands' own, waiting, commits.
 */
export const backgroundPoolOf = (database: PostgresConfig): PostgresConfig => ({
  ...database,
  poolSize: BACKGROUND_POOL_SIZE,
  sessionSettings: { synchronous_commit: 'off' },
});
