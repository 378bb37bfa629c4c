import type { EventStore, ExpectedRevision, NewEvent, StoredEvent } from '../../../eventstore/port.js';
import { projectsInAppend } from '../../../eventstore/postgres/port.js';
import type { LogStore, OpenedEventStore } from '../../projections/opened-event-store.js';
import { openEvent, unsealedField } from './event-privacy.js';
import type { Keyring } from './keyring.js';

/** An append that would store a personal field in the clear: a programming error, refused whole. */
export class UnsealedPersonalDataError extends Error {
  override readonly name = 'UnsealedPersonalDataError';
  constructor(readonly field: string) {
    super(`Refused to store ${field} unsealed; nothing was written.`);
  }
}

/**
 * Events opened between two turns of the event loop. Opening is synchronous work once the keys are
 * cached (an AES-GCM decipher per personal field): a page of a thousand events opened in one go
 * held up every request arriving meanwhile while the notifier or the projector caught up.
 */
const OPENED_PER_TURN = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The event store as the application sees it: personal fields come out opened (or erased, once
 * their key is destroyed) from every read, and an append carrying an unsealed one is refused, so
 * no personal data reaches the log in the clear. Hashes stay over the stored, sealed form. The
 * PostgreSQL extension stays offered when the store offers it.
 */
export function withPersonalData(store: LogStore, keyring: Keyring): OpenedEventStore {
  const refuseUnsealed = (events: readonly NewEvent[]) => {
    for (const event of events) {
      const field = unsealedField(event);
      if (field) throw new UnsealedPersonalDataError(field);
    }
  };
  const open = async (events: readonly StoredEvent[]): Promise<StoredEvent[]> => {
    const opened: StoredEvent[] = [];
    for (let from = 0; from < events.length; from += OPENED_PER_TURN) {
      if (from > 0) await nextTurn();
      opened.push(...(await Promise.all(events.slice(from, from + OPENED_PER_TURN).map((event) => openEvent(event, keyring)))));
    }
    return opened;
  };
  const opened: OpenedEventStore = {
    opensPersonalData: true,
    async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) {
      refuseUnsealed(events);
      return store.append(streamId, events, expected);
    },
    async readStream(streamId: string, options?: Parameters<EventStore['readStream']>[1]) {
      return open(await store.readStream(streamId, options));
    },
    async readAll(options: Parameters<EventStore['readAll']>[0]) {
      const page = await store.readAll(options);
      return { ...page, events: await open(page.events) };
    },
    listStreams: (options) => store.listStreams(options),
    async readStreams(streamIds) {
      return open(await store.readStreams(streamIds));
    },
    subscribe(options: Parameters<EventStore['subscribe']>[0]) {
      let delivered = 0;
      return store.subscribe({
        ...options,
        onEvent: async (event) => {
          delivered += 1;
          if (delivered % OPENED_PER_TURN === 0) await nextTurn();
          return options.onEvent(await openEvent(event, keyring));
        },
      });
    },
    subscribeSealed: (options) => store.subscribe(options),
    open,
    ping: () => store.ping(),
    close: () => store.close(),
  };
  if (!projectsInAppend(store)) return opened;
  return {
    ...opened,
    async appendAndProject(streamId, events, expected, project) {
      refuseUnsealed(events);
      return store.appendAndProject(streamId, events, expected, project);
    },
    async appendAndProjectInStatement(streamId, events, expected, projection) {
      refuseUnsealed(events);
      return store.appendAndProjectInStatement(streamId, events, expected, projection);
    },
    async appendStreamsAndProject(appends, project) {
      for (const append of appends) refuseUnsealed(append.events);
      return store.appendStreamsAndProject(appends, project);
    },
    async readEventsAt(positions) {
      return open(await store.readEventsAt(positions));
    },
  };
}
