import { afterAll, describe } from 'vitest';
import { createDatabase, createPostgresEventStore, migrateEventStoreToLatest } from '../../eventstore/postgres/index.js';
import { eventStoreContract } from './contract.js';
import { hashChainSuite } from './hash-chain.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from './helpers/fresh-postgres.js';
import { postgresGuarantees } from './postgres-guarantees.js';
import { migrationRoundTrip, postgresAdapterSuite, type OpenDatabase } from './postgres-suite.js';

if (!TEST_DATABASE_URL) console.info('PostgreSQL event store: skipped: TEST_DATABASE_URL not set');

// Each run gets its own database on the server of TEST_DATABASE_URL, dropped at the end.
let fresh: Promise<FreshPostgresDatabase> | undefined;

function freshDatabase(): Promise<FreshPostgresDatabase> {
  fresh ??= (async () => {
    const created = await createFreshPostgresDatabase(TEST_DATABASE_URL ?? '');
    const database = await createDatabase({ kind: 'postgres', connectionString: created.connectionString });
    await migrateEventStoreToLatest(database.db);
    await database.close();
    return created;
  })();
  return fresh;
}

const openDatabase: OpenDatabase = async () =>
  createDatabase({ kind: 'postgres', connectionString: (await freshDatabase()).connectionString });

afterAll(async () => {
  await (await fresh)?.drop();
});

describe.skipIf(!TEST_DATABASE_URL)(`PostgreSQL${TEST_DATABASE_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  eventStoreContract('PostgreSQL', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }), {
    refusesEventIdOfAnotherStream: true,
    refusesPartialReappend: true,
  });
  postgresAdapterSuite('PostgreSQL', openDatabase);
  hashChainSuite('PostgreSQL', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }));
  postgresGuarantees(async () => (await freshDatabase()).connectionString);
  migrationRoundTrip(openDatabase);
});
