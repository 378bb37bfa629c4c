import { afterAll, describe } from 'vitest';
import { createDatabase, createPostgresEventStore } from '../../eventstore/postgres/index.js';
import { eventStoreContract } from './contract.js';
import { hashChainSuite } from './hash-chain.js';
import { TEST_DATABASE_URL } from './helpers/fresh-postgres.js';
import { migratedEventStoreDatabase } from './helpers/migrated-postgres.js';
import { postgresGuarantees } from './postgres-guarantees.js';
import { migrationRoundTrip, postgresAdapterSuite, type OpenDatabase } from './postgres-suite.js';

if (!TEST_DATABASE_URL) console.info('PostgreSQL event store: skipped: TEST_DATABASE_URL not set');

// Each run gets its own database on the server of TEST_DATABASE_URL, dropped at the end.
const fresh = migratedEventStoreDatabase();

const openDatabase: OpenDatabase = async () => createDatabase({ kind: 'postgres', connectionString: await fresh.connectionString() });

afterAll(fresh.drop);

describe.skipIf(!TEST_DATABASE_URL)(`PostgreSQL${TEST_DATABASE_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  eventStoreContract('PostgreSQL', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }), {
    refusesEventIdOfAnotherStream: true,
    refusesPartialReappend: true,
  });
  postgresAdapterSuite('PostgreSQL', openDatabase);
  hashChainSuite('PostgreSQL', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }));
  postgresGuarantees(fresh.connectionString);
  migrationRoundTrip(openDatabase);
});
