import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, type StoredEvent } from '../../eventstore/port.js';
import { EventNotices } from '../../src/api/notifications/event-notices.js';
import type { OpenedEventStore } from '../../src/projections/opened-event-store.js';
import { orderInStatus } from './support/fixtures.js';
import { ENGINES, startTestApp, type TestApp } from './support/test-app.js';

/** The store with its one-stream reads counted. */
function countingReads(store: OpenedEventStore): { store: OpenedEventStore; streamReads: () => number } {
  let reads = 0;
  const counted = {
    ...store,
    readStream: (...args: Parameters<OpenedEventStore['readStream']>) => {
      reads += 1;
      return store.readStream(...args);
    },
  } as OpenedEventStore;
  return { store: counted, streamReads: () => reads };
}

async function noticesOf(notices: EventNotices, events: readonly StoredEvent[]) {
  const told = [];
  for (const event of events) told.push(...(await notices.of(event)));
  return told;
}

describe.each(ENGINES)('event notices on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('folds the states before a batch from its orders’ streams read together: the notices of reading each stream alone', async () => {
    const payer = await t.createUser();
    const orderIds = [await orderInStatus(t, payer, 2), await orderInStatus(t, payer, 2), await orderInStatus(t, payer, 1)];
    const log = (await t.deps.eventStore.readAll({ from: START, maxCount: 10_000, streamPrefixes: ['order-'] })).events;
    // The orders' later events only, as a notifier that last saw these orders long ago gets them.
    const batch = log.filter((event) => orderIds.some((id) => event.streamId.endsWith(id)) && event.revision >= 2n);
    expect(new Set(batch.map((event) => event.streamId)).size).toBe(3);

    const alone = countingReads(t.deps.eventStore);
    const expected = await noticesOf(new EventNotices(alone.store), batch);
    expect(alone.streamReads()).toBe(3);
    expect(expected.length).toBeGreaterThan(0);

    const together = countingReads(t.deps.eventStore);
    const prepared = new EventNotices(together.store);
    await prepared.prepare(batch);
    expect(await noticesOf(prepared, batch)).toEqual(expected);
    expect(together.streamReads()).toBe(0);
  });
});
