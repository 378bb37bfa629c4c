import type { EventStore, StoredEvent } from '../../eventstore/port.js';

const PAGE = 500;

/** Every event of a stream in revision order, read page by page (an empty array for no stream). */
export async function streamEvents(store: Pick<EventStore, 'readStream'>, streamId: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (;;) {
    const page = await store.readStream(streamId, {
      fromRevision: events.length === 0 ? 0n : events.at(-1)!.revision + 1n,
      maxCount: PAGE,
    });
    events.push(...page);
    if (page.length < PAGE) return events;
  }
}
