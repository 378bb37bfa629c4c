import { createDatabase, migrateEventStoreToLatest } from '../../../eventstore/postgres/index.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './fresh-postgres.js';

/**
 * One fresh database per test file on the server of TEST_DATABASE_URL, with the event store's
 * tables, made on first use; `drop()` (in afterAll) removes it if it was made.
 */
export function migratedEventStoreDatabase() {
  let fresh: ReturnType<typeof createFreshPostgresDatabase> | undefined;
  const made = () =>
    (fresh ??= (async () => {
      const created = await createFreshPostgresDatabase(TEST_DATABASE_URL ?? '');
      const database = await createDatabase({ kind: 'postgres', connectionString: created.connectionString });
      await migrateEventStoreToLatest(database.db);
      await database.close();
      return created;
    })());
  return {
    connectionString: async () => (await made()).connectionString,
    drop: async () => {
      await (await fresh)?.drop();
    },
  };
}
