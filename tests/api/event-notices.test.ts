import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, type StoredEvent } from '../../eventstore/port.js';
import { EventNotices } from '../../src/api/notifications/event-notices.js';
import { KnownOrderStates } from '../../src/application/orders/known-order-states.js';
import { fold, orderStreamId, toOrderEvent } from '../../src/domain/index.js';
import type { OpenedEventStore } from '../../src/projections/opened-event-store.js';
import { csvOf } from './reconciliation/statement-files.js';
import { awaitingOrder, credit, importFile } from './reconciliation/support.js';
import { orderInStatus } from './support/fixtures.js';
import { GROUP_OF } from './support/suite-app.js';
import { ENGINES, startTestApp, type TestApp } from './support/test-app.js';

/** The store with its one-stream reads and its many-stream reads counted. */
function countingReads(store: OpenedEventStore): { store: OpenedEventStore; streamReads: () => number; manyStreamReads: () => number } {
  let reads = 0;
  let manyReads = 0;
  const counted = {
    ...store,
    readStream: (...args: Parameters<OpenedEventStore['readStream']>) => {
      reads += 1;
      return store.readStream(...args);
    },
    readStreams: (...args: Parameters<OpenedEventStore['readStreams']>) => {
      manyReads += 1;
      return store.readStreams(...args);
    },
  } as OpenedEventStore;
  return { store: counted, streamReads: () => reads, manyStreamReads: () => manyReads };
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
    const expected = await noticesOf(new EventNotices(alone.store, new KnownOrderStates()), batch);
    expect(alone.streamReads()).toBe(3);
    expect(expected.length).toBeGreaterThan(0);

    const together = countingReads(t.deps.eventStore);
    const prepared = new EventNotices(together.store, new KnownOrderStates());
    await prepared.prepare(batch);
    expect(await noticesOf(prepared, batch)).toEqual(expected);
    expect(together.streamReads()).toBe(0);
  });

  it('tells a statement import’s credits from the states the import decided them on: no stream read, the notices of folding the streams', async () => {
    // Stopped, so only the import can have handed these orders' states over.
    await t.runtime.notifier.stop();
    const payer = await t.createUser();
    const admin = await t.createUser({ group: GROUP_OF.admin });
    const orders = [await awaitingOrder(t, payer), await awaitingOrder(t, payer)];
    const before = new Map<string, bigint>();
    for (const order of orders)
      before.set(orderStreamId(order.id), (await t.deps.eventStore.readStream(orderStreamId(order.id))).at(-1)!.revision);
    const imported = await importFile(t, admin, 'credits.csv', csvOf(orders.map((order) => credit(order.due, order.order_no))));
    expect(imported.statusCode).toBe(200);
    const log = (await t.deps.eventStore.readAll({ from: START, maxCount: 10_000, streamPrefixes: ['order-'] })).events;
    const credits = log.filter((event) => before.has(event.streamId) && event.revision > before.get(event.streamId)!);
    expect(credits.map((event) => event.type)).toEqual(orders.map(() => 'BankCreditMatched'));

    for (const [streamId, revision] of before) {
      const stream = await t.deps.eventStore.readStream(streamId);
      const folded = fold(
        stream.filter((event) => event.revision <= revision).map((one) => toOrderEvent(one.type, one.data, one.metadata)),
      );
      const handed = t.deps.orderStates.at(streamId, revision);
      expect(handed?.value).toEqual(folded.value);
      expect(handed?.context).toEqual(folded.context);
    }
    const expected = await noticesOf(new EventNotices(t.deps.eventStore, new KnownOrderStates()), credits);
    expect(expected.length).toBeGreaterThan(0);
    const counted = countingReads(t.deps.eventStore);
    const handedOver = new EventNotices(counted.store, t.deps.orderStates);
    await handedOver.prepare(credits);
    expect(await noticesOf(handedOver, credits)).toEqual(expected);
    expect([counted.streamReads(), counted.manyStreamReads()]).toEqual([0, 0]);
  });
});
