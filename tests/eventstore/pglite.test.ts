import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  createPostgresEventStore,
  migrateEventStoreToLatest,
  openPostgresEventStore,
} from '../../eventstore/postgres/index.js';
import { eventStoreContract } from './contract.js';
import { hashChainSuite } from './hash-chain.js';
import { newEvent, uniqueName } from './helpers/events.js';
import { migrationRoundTrip, postgresAdapterSuite, type OpenDatabase } from './postgres-suite.js';

// One PGlite for the whole file: each instance takes about 1 GB. Tests use distinct streams.
let shared: Promise<PGlite> | undefined;

function sharedPGlite(): Promise<PGlite> {
  shared ??= (async () => {
    const pglite = await PGlite.create('memory://');
    const database = await createDatabase({ kind: 'pglite-instance', pglite });
    await migrateEventStoreToLatest(database.db);
    return pglite;
  })();
  return shared;
}

const openDatabase: OpenDatabase = async () => createDatabase({ kind: 'pglite-instance', pglite: await sharedPGlite() });

afterAll(async () => {
  await (await shared)?.close();
});

eventStoreContract('PGlite', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }), {
  refusesEventIdOfAnotherStream: true,
  refusesPartialReappend: true,
});
postgresAdapterSuite('PGlite', openDatabase);
hashChainSuite('PGlite', async () => createPostgresEventStore({ database: await openDatabase(), ownsDatabase: true }));
migrationRoundTrip(openDatabase);

describe('openPostgresEventStore on PGlite', () => {
  it('opens, migrates (again, harmlessly) and closes what it opened', async () => {
    const store = await openPostgresEventStore({ kind: 'pglite-instance', pglite: await sharedPGlite() });
    await expect(store.append(uniqueName('opened'), [newEvent()], 'no_stream')).resolves.toEqual({ nextExpectedRevision: 0n });
    await store.close();
  });
});
