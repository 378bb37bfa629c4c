import { withHashChain } from '../../eventstore/chain/index.js';
import type { EventStore } from '../../eventstore/port.js';
import type { Keyring } from './privacy/keyring.js';
import { withPersonalData } from './privacy/private-event-store.js';

/**
 * The two views of one log over any adapter: as stored (hash-chained, personal fields sealed) for
 * the audit, and as the application reads it (personal fields opened). Closing either closes the adapter.
 */
export function eventLogOver(adapter: EventStore, keyring: Keyring): { readonly storedEvents: EventStore; readonly eventStore: EventStore } {
  const storedEvents = withHashChain(adapter);
  return { storedEvents, eventStore: withPersonalData(storedEvents, keyring) };
}
