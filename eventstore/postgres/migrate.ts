import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { eventStoreTables } from './migrations/0001-event-store.js';
import { ownReadHorizon } from './migrations/0002-own-read-horizon.js';
import { appendStreamsSetWise } from './migrations/0003-append-streams.js';
import { unchainedEventsIndex } from './migrations/0004-unchained-events-index.js';

/** In order; names sort the way they must run. Never rename or edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '0001-event-store': eventStoreTables,
  '0002-own-read-horizon': ownReadHorizon,
  '0003-append-streams': appendStreamsSetWise,
  '0004-unchained-events-index': unchainedEventsIndex,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Own bookkeeping tables, so the application's migrations can use Kysely's default ones.
    migrationTableName: 'es_migration',
    migrationLockTableName: 'es_migration_lock',
  });
}

/** Brings the event-store tables to the latest version; throws if a migration failed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateEventStoreToLatest(db: Kysely<any>): Promise<void> {
  throwIfMigrationFailed(await migrator(db).migrateToLatest());
}

/** Undoes every event-store migration (drops the tables and functions). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateEventStoreDown(db: Kysely<any>): Promise<void> {
  throwIfMigrationFailed(await migrator(db).migrateTo(NO_MIGRATIONS));
}

/** Throws, naming the migration, when a Kysely migration run failed. */
export function throwIfMigrationFailed({ error, results }: MigrationResultSet, what = 'Event-store migration'): void {
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
  throw new Error(`${what} ${failed} failed`, { cause: error });
}
