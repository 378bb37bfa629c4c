import type { EventStore, StoredEvent } from '../../eventstore/port.js';
import type { PostgresEventStore } from '../../eventstore/postgres/port.js';
import type { DB } from '../database/schema.js';

/**
 * The log over either adapter: EventStoreDB offers the portable port, PostgreSQL/PGlite also the
 * extension that appends and projects in one transaction of this database (`projectsInAppend`
 * tells them apart).
 */
export type LogStore = EventStore | PostgresEventStore<DB>;

/**
 * An event store whose reads open personal fields (src/api/privacy/private-event-store.ts): what
 * every projection must be fed from, since a projection fed from the bare store writes `pii1:…`
 * into the read tables. A brand, so that passing the stored view where this is expected does not
 * compile; src/api/event-log.ts `openEventLog` is the one wiring that makes it.
 */
export type OpenedEventStore = LogStore & {
  readonly opensPersonalData: true;
  /**
   * The log's events as stored, personal fields sealed: for a follower that skips most events
   * unread (the projection runner: commands project their own events) and `open`s the rest.
   */
  readonly subscribeSealed: EventStore['subscribe'];
  /** The events with their personal fields opened, as every other read gives them. */
  open(events: readonly StoredEvent[]): Promise<StoredEvent[]>;
};
