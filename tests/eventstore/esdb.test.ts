import { describe } from 'vitest';
import { createEsdbEventStore } from '../../eventstore/esdb/index.js';
import { eventStoreContract } from './contract.js';
import { hashChainSuite } from './hash-chain.js';

const TEST_EVENTSTORE_URL = process.env['TEST_EVENTSTORE_URL'];
if (!TEST_EVENTSTORE_URL) console.info('EventStoreDB event store: skipped: TEST_EVENTSTORE_URL not set');

describe.skipIf(!TEST_EVENTSTORE_URL)(`EventStoreDB${TEST_EVENTSTORE_URL ? '' : ' (skipped: TEST_EVENTSTORE_URL not set)'}`, () => {
  eventStoreContract('EventStoreDB', async () => createEsdbEventStore({ connectionString: TEST_EVENTSTORE_URL ?? '' }), {
    // EventStoreDB deduplicates event ids per stream only, and decides a partial re-append by
    // its own rules: the PostgreSQL store's stricter refusals are not part of the shared contract.
    refusesEventIdOfAnotherStream: false,
    refusesPartialReappend: false,
  });
  hashChainSuite('EventStoreDB', async () => createEsdbEventStore({ connectionString: TEST_EVENTSTORE_URL ?? '' }));
});
