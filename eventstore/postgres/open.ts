import { createDatabase, type DatabaseConfig } from './database.js';
import { migrateEventStoreToLatest } from './migrate.js';
import type { PostgresEventStore } from './port.js';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
import type { EventStoreTables } from './schema.js';

/** Opens the database, migrates the event-store tables and returns a store that closes it all. */
export async function openPostgresEventStore(
  config: DatabaseConfig,
  options: Omit<PostgresEventStoreOptions<EventStoreTables>, 'database' | 'ownsDatabase'> = {},
): Promise<PostgresEventStore> {
  const database = await createDatabase<EventStoreTables>(config);
  try {
    await migrateEventStoreToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return createPostgresEventStore({ ...options, database, ownsDatabase: true });
}
