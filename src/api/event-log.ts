import { withHashChain } from '../../eventstore/chain/index.js';
import { createPostgresEventStore, type Database } from '../../eventstore/postgres/index.js';
import type { Config } from '../config.js';
import type { DB } from '../database/schema.js';
import { createKeyring, SUBJECT_KEYS_CHANGED_CHANNEL, type Keyring } from './privacy/keyring.js';
import type { LogStore, OpenedEventStore } from '../projections/opened-event-store.js';
import { withPersonalData } from './privacy/private-event-store.js';

/** The two views of one log, and the keyring that opens the second. */
export interface EventLog {
  /** As stored: hash-chained, personal fields sealed (the audit's view). */
  readonly storedEvents: LogStore;
  /** As the application reads it: personal fields opened, or `[erased]` once their key is gone. */
  readonly eventStore: OpenedEventStore;
  readonly keyring: Keyring;
}

/**
 * The two views of one log over any adapter: as stored (hash-chained, personal fields sealed) for
 * the audit, and as the application reads it (personal fields opened). Closing either closes the adapter.
 */
export function eventLogOver(adapter: LogStore, keyring: Keyring): Omit<EventLog, 'keyring'> {
  const storedEvents = withHashChain(adapter);
  return { storedEvents, eventStore: withPersonalData(storedEvents, keyring) };
}

/** Loaded only with EVENTSTORE_URL: the gRPC client took 0.4-0.7 s of every start that does not use it. */
async function esdbEventStore(connectionString: string): Promise<LogStore> {
  const { createEsdbEventStore } = await import('../../eventstore/esdb/index.js');
  return createEsdbEventStore({ connectionString });
}

/**
 * The one wiring every path that reads the log uses (the server's runtime and its projection
 * runner, `projections:rebuild`, the benches, the audit's command lines): the configured adapter
 * (the database's own event tables, or EventStoreDB with EVENTSTORE_URL) over `database`, the
 * keyring in `database` (told of erasures in other processes), hash chain and personal data
 * opened. A projection fed from anything else would write sealed values into the read tables.
 * `background` is the database the adapter's subscription reads through (the projector's pool).
 */
export async function openEventLog(
  config: Pick<Config, 'eventStoreUrl'>,
  database: Database<DB>,
  background: Database<DB> = database,
): Promise<EventLog & { close(): Promise<void> }> {
  const adapter: LogStore = config.eventStoreUrl
    ? await esdbEventStore(config.eventStoreUrl)
    : createPostgresEventStore({ database, subscriptionDatabase: background });
  try {
    const keyring = createKeyring(database.db);
    const unlisten = await database.listen(SUBJECT_KEYS_CHANGED_CHANNEL, (subject) => keyring.forget(subject));
    return {
      ...eventLogOver(adapter, keyring),
      keyring,
      async close() {
        await unlisten().catch(() => undefined);
        await adapter.close();
      },
    };
  } catch (error) {
    await adapter.close().catch(() => undefined);
    throw error;
  }
}
