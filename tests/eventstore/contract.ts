import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  EventStoreInputError,
  revisionFromJson,
  revisionToJson,
  START,
  type EventStore,
  type ReadAllOptions,
  type StoredEvent,
} from '../../eventstore/port.js';
import { idsOf, newEvent, newEvents, uniqueName } from './helpers/events.js';
import { collect, sleep, until } from './helpers/wait.js';

export interface ContractOptions {
  /**
   * Whether an event id already used in another stream is refused. The PostgreSQL store keeps ids
   * unique across streams; EventStoreDB only deduplicates within a stream.
   */
  readonly refusesEventIdOfAnotherStream: boolean;
  /** Whether re-appending some (not all) already-stored ids is refused as input (PostgreSQL does). */
  readonly refusesPartialReappend: boolean;
}

/** How late a subscriber may hear of a commit. */
const DELIVERY_BUDGET_MS = 200;

/**
 * The behaviour every EventStore adapter must show. `makeStore` is called once for the suite;
 * every test works on its own streams, so the store may share its database with other suites.
 */
export function eventStoreContract(name: string, makeStore: () => Promise<EventStore>, options: ContractOptions): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('append', () => {
      it('creates a stream with no_stream and reads it back', async () => {
        const stream = uniqueName('order');
        const events = [newEvent('Placed', { amount: '12.50', nested: { ok: true, list: [1, 'two', null] } }), newEvent()];
        const result = await store.append(stream, events, 'no_stream');
        expect(result.nextExpectedRevision).toBe(1n);

        const stored = await store.readStream(stream);
        expect(stored.map((event) => event.revision)).toEqual([0n, 1n]);
        expect(idsOf(stored)).toEqual(idsOf(events));
        expect(stored[0]).toMatchObject({ streamId: stream, type: 'Placed', data: events[0]?.data, metadata: events[0]?.metadata });
        expect(stored[0]?.recordedAt).toBeInstanceOf(Date);
        expect(typeof stored[0]?.checkpoint).toBe('string');
      });

      it('refuses a second no_stream append and writes nothing', async () => {
        const stream = uniqueName('order');
        await store.append(stream, [newEvent()], 'no_stream');
        const error = await store.append(stream, [newEvent()], 'no_stream').catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0n });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('appends at the exact expected revision', async () => {
        const stream = uniqueName('order');
        await store.append(stream, [newEvent()], 'no_stream');
        expect((await store.append(stream, newEvents(2), 0n)).nextExpectedRevision).toBe(2n);
        expect((await store.append(stream, [newEvent()], 2n)).nextExpectedRevision).toBe(3n);
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('refuses a wrong expected revision with the actual one, writing nothing', async () => {
        const stream = uniqueName('order');
        await store.append(stream, newEvents(2), 'no_stream');
        for (const wrong of [0n, 2n, 7n]) {
          const error = await store.append(stream, [newEvent()], wrong).catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(ConcurrencyError);
          expect(error).toMatchObject({ expected: wrong, actual: 1n });
        }
        const missing = await store.append(uniqueName('missing'), [newEvent()], 0n).catch((caught: unknown) => caught);
        expect(missing).toMatchObject({ name: 'ConcurrencyError', actual: 'no_stream' });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('writes all events of a failing multi-event append or none', async () => {
        const stream = uniqueName('order');
        await store.append(stream, [newEvent()], 'no_stream');
        await expect(store.append(stream, newEvents(3), 5n)).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(stream)).toHaveLength(1);

        const batch = newEvents(3);
        await store.append(stream, batch, 0n);
        expect(idsOf(await store.readStream(stream, { fromRevision: 1n }))).toEqual(idsOf(batch));
      });

      it.runIf(options.refusesEventIdOfAnotherStream)('refuses an event id used by another stream, writing none of the batch', async () => {
        const taken = newEvent();
        await store.append(uniqueName('first'), [taken], 'no_stream');
        const stream = uniqueName('second');
        await expect(store.append(stream, [newEvent(), taken], 'no_stream')).rejects.toBeInstanceOf(EventStoreInputError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('lets exactly one of 20 concurrent appends at the same revision win, leaving no gap', async () => {
        const stream = uniqueName('race');
        await store.append(stream, [newEvent()], 'no_stream');
        const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => store.append(stream, [newEvent()], 0n)));

        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const error of lost) {
          expect(error).toBeInstanceOf(ConcurrencyError);
          expect(error).toMatchObject({ expected: 0n, actual: 1n });
        }
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n]);
      });

      it('refuses a negative or non-bigint expected revision', async () => {
        const stream = uniqueName('negative');
        await expect(store.append(stream, [newEvent()], -1n)).rejects.toBeInstanceOf(EventStoreInputError);
        await expect(store.append(stream, [newEvent()], 0 as unknown as bigint)).rejects.toBeInstanceOf(EventStoreInputError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('refuses an empty append', async () => {
        await expect(store.append(uniqueName('empty'), [], 'no_stream')).rejects.toBeInstanceOf(EventStoreInputError);
      });

      it('is idempotent: re-appending the same ids returns the same result and writes nothing', async () => {
        const stream = uniqueName('order');
        const batch = newEvents(2);
        const first = await store.append(stream, batch, 'no_stream');
        const again = await store.append(stream, batch, 'no_stream');
        expect(again).toEqual(first);

        const next = newEvents(1);
        expect(await store.append(stream, next, 1n)).toEqual({ nextExpectedRevision: 2n });
        expect(await store.append(stream, next, 1n)).toEqual({ nextExpectedRevision: 2n });
        expect(idsOf(await store.readStream(stream))).toEqual(idsOf([...batch, ...next]));
      });

      it.runIf(options.refusesPartialReappend)('refuses a re-append of only some stored ids', async () => {
        const stream = uniqueName('order');
        const batch = newEvents(2);
        await store.append(stream, batch, 'no_stream');
        const mixed = [batch[0] ?? newEvent(), newEvent()];
        await expect(store.append(stream, mixed, 1n)).rejects.toBeInstanceOf(EventStoreInputError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('readStream', () => {
      it('pages through a stream by revision', async () => {
        const stream = uniqueName('paged');
        const events = newEvents(5);
        await store.append(stream, events, 'no_stream');
        const page = (fromRevision: bigint) => store.readStream(stream, { fromRevision, maxCount: 2 });
        expect((await page(0n)).map((event) => event.revision)).toEqual([0n, 1n]);
        expect((await page(2n)).map((event) => event.revision)).toEqual([2n, 3n]);
        expect((await page(4n)).map((event) => event.revision)).toEqual([4n]);
        expect(await page(5n)).toEqual([]);
        expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
      });

      it('returns an empty array for a stream that does not exist', async () => {
        expect(await store.readStream(uniqueName('nothing'))).toEqual([]);
      });

      it('refuses a nonsense page size', async () => {
        await expect(store.readStream(uniqueName('x'), { maxCount: 0 })).rejects.toBeInstanceOf(EventStoreInputError);
        await expect(store.readStream(uniqueName('x'), { maxCount: 1.5 })).rejects.toBeInstanceOf(EventStoreInputError);
      });
    });

    describe('readAll', () => {
      it('pages in global order, filtered by stream prefixes, continuing from each checkpoint', async () => {
        const prefix = uniqueName('all');
        const other = uniqueName('other');
        const a = `${prefix}-a`;
        const b = `${prefix}-b`;
        const written: string[] = [];
        const write = async (stream: string, expected: bigint | 'no_stream'): Promise<void> => {
          const event = newEvent();
          await store.append(stream, [event], expected);
          if (stream.startsWith(prefix)) written.push(event.id);
        };
        await write(a, 'no_stream');
        await write(other, 'no_stream');
        await write(b, 'no_stream');
        await write(a, 0n);
        await write(other, 0n);
        await write(b, 0n);
        await untilReadable(store, [prefix, other], 6);

        const pages = await readAllPages(store, { streamPrefixes: [prefix], maxCount: 2 });
        expect(pages.map((page) => page.length)).toEqual([2, 2]);
        expect(pages.flat().map((event) => event.id)).toEqual(written);

        const twoPrefixes = (await readAllPages(store, { streamPrefixes: [`${prefix}-b`, other], maxCount: 3 })).flat();
        expect(twoPrefixes.map((event) => event.streamId)).toEqual([other, b, other, b]);
      });

      it('returns `from` as next when nothing new was read', async () => {
        const prefix = uniqueName('quiet');
        await store.append(`${prefix}-s`, [newEvent()], 'no_stream');
        await untilReadable(store, [prefix], 1);
        const first = await store.readAll({ streamPrefixes: [prefix] });
        expect(first.events).toHaveLength(1);
        const second = await store.readAll({ from: first.next, streamPrefixes: [prefix] });
        expect(second).toEqual({ events: [], next: first.next });
      });

      it('refuses a nonsense page size, an empty prefix list and a foreign checkpoint', async () => {
        await expect(store.readAll({ maxCount: -1 })).rejects.toBeInstanceOf(EventStoreInputError);
        await expect(store.readAll({ streamPrefixes: [] })).rejects.toBeInstanceOf(EventStoreInputError);
        await expect(store.readAll({ from: 'not-a-checkpoint' })).rejects.toBeInstanceOf(EventStoreInputError);
        expect(() => store.subscribe({ from: 'not-a-checkpoint', onEvent: () => undefined })).toThrow(EventStoreInputError);
      });
    });

    describe('listStreams and readStreams', () => {
      it('lists every stream once over pages, and reads many streams whole, grouped as asked, each in log order', async () => {
        const prefix = uniqueName('walk');
        const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
        await store.append(a, newEvents(2), 'no_stream');
        await store.append(c, [newEvent()], 'no_stream');
        await store.append(b, [newEvent()], 'no_stream');
        await store.append(c, newEvents(2), 0n);
        await untilReadable(store, [prefix], 6);

        const listed: string[] = [];
        let after = START;
        for (;;) {
          const page = await store.listStreams({ after, maxCount: 2 });
          expect(page.streamIds.length).toBeLessThanOrEqual(2);
          if (page.streamIds.length === 0) break;
          listed.push(...page.streamIds);
          after = page.next;
        }
        expect(new Set(listed).size).toBe(listed.length);
        expect(listed.filter((stream) => stream.startsWith(prefix)).sort()).toEqual([a, b, c]);

        const read = await store.readStreams([c, `${prefix}-none`, a]);
        expect(read.map((event) => [event.streamId, event.revision])).toEqual([
          [c, 0n],
          [c, 1n],
          [c, 2n],
          [a, 0n],
          [a, 1n],
        ]);
        await expect(store.listStreams({ after: 'not-a-cursor' })).rejects.toBeInstanceOf(EventStoreInputError);
      });
    });

    describe('subscribe', () => {
      it(`delivers existing then new events in order, each within ${DELIVERY_BUDGET_MS} ms of its commit`, async () => {
        const prefix = uniqueName('sub');
        const existing = newEvents(3);
        await store.append(`${prefix}-1`, existing, 'no_stream');
        const collector = collect(store, { from: START, streamPrefixes: [prefix] });
        try {
          await collector.waitForCount(3);
          const latencies: number[] = [];
          const fresh = newEvents(5);
          for (const [index, event] of fresh.entries()) {
            const committing = performance.now();
            await store.append(`${prefix}-2`, [event], index === 0 ? 'no_stream' : BigInt(index - 1));
            await collector.waitForCount(4 + index, 5_000);
            latencies.push((collector.deliveredAt[3 + index] ?? Infinity) - committing);
          }
          console.info(`[${name}] subscription delivery after append (ms): ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`);
          expect(Math.max(...latencies)).toBeLessThan(DELIVERY_BUDGET_MS);
          await sleep(300);
          expect(idsOf(collector.events)).toEqual(idsOf([...existing, ...fresh]));
          expect(collector.errors).toEqual([]);
        } finally {
          await collector.subscription.stop();
        }
      });

      it('resumes from a stored checkpoint with no loss and no duplicate', async () => {
        const prefix = uniqueName('resume');
        const stream = `${prefix}-s`;
        const before = newEvents(3);
        await store.append(stream, before, 'no_stream');
        const first = collect(store, { streamPrefixes: [prefix] });
        await first.waitForCount(3);
        await first.subscription.stop();
        const stored = JSON.stringify({ checkpoint: first.subscription.checkpoint() });

        const after = newEvents(2);
        await store.append(stream, after, 2n);
        const { checkpoint } = JSON.parse(stored) as { checkpoint: string };
        const second = collect(store, { from: checkpoint, streamPrefixes: [prefix] });
        try {
          await second.waitForCount(2);
          await sleep(300);
          expect(idsOf(second.events)).toEqual(idsOf(after));
          expect(idsOf(first.events)).toEqual(idsOf(before));
        } finally {
          await second.subscription.stop();
        }
      });

      it('stops after the handler in flight and reports a failing handler', async () => {
        const prefix = uniqueName('stop');
        await store.append(`${prefix}-s`, newEvents(2), 'no_stream');
        let finished = 0;
        let started = 0;
        const slow = store.subscribe({
          streamPrefixes: [prefix],
          onEvent: async () => {
            started += 1;
            await sleep(100);
            finished += 1;
          },
        });
        while (started === 0) await sleep(5);
        await slow.stop();
        expect(finished).toBe(started);
        expect(finished).toBe(1);

        const failure = new Error('handler failed');
        const errors: unknown[] = [];
        let calls = 0;
        const failing = store.subscribe({
          streamPrefixes: [prefix],
          onEvent: () => {
            calls += 1;
            throw failure;
          },
          onError: (error) => errors.push(error),
        });
        while (errors.length === 0) await sleep(5);
        await failing.stop();
        expect(errors).toEqual([failure]);
        expect(calls).toBe(1);
        expect(failing.checkpoint()).toBe(START);
      });
    });

    describe('JSON round trips', () => {
      it('keeps every revision up to 2^64 exact through JSON', () => {
        fc.assert(
          fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n }), (revision) => {
            const json = JSON.stringify({ revision: revisionToJson(revision) });
            expect(revisionFromJson((JSON.parse(json) as { revision: string }).revision)).toBe(revision);
          }),
        );
      });

      it('keeps checkpoints usable after a trip through JSON', async () => {
        const prefix = uniqueName('json');
        await store.append(`${prefix}-s`, newEvents(4), 'no_stream');
        await untilReadable(store, [prefix], 4);
        const { events } = await store.readAll({ streamPrefixes: [prefix] });
        expect(events).toHaveLength(4);
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 0, max: events.length - 1 }), async (index) => {
            const checkpoint = events[index]?.checkpoint ?? START;
            const travelled = (JSON.parse(JSON.stringify({ checkpoint })) as { checkpoint: string }).checkpoint;
            expect(travelled).toBe(checkpoint);
            const rest = await store.readAll({ from: travelled, streamPrefixes: [prefix] });
            expect(idsOf(rest.events)).toEqual(idsOf(events.slice(index + 1)));
          }),
          { numRuns: 10 },
        );
      });
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

/**
 * readAll may lag an append: the PostgreSQL store holds events back while an older transaction
 * anywhere on the server is still open (so that none is ever skipped). Waits until it has caught up.
 */
async function untilReadable(store: EventStore, streamPrefixes: readonly string[], count: number): Promise<void> {
  await until(async () => (await store.readAll({ streamPrefixes })).events.length >= count, 10_000, `${count} readable events`);
}

/** Reads pages until an empty one, checking each continues from the previous `next`. */
async function readAllPages(store: EventStore, options: ReadAllOptions): Promise<StoredEvent[][]> {
  const pages: StoredEvent[][] = [];
  let from = options.from ?? START;
  for (;;) {
    const page = await store.readAll({ ...options, from });
    if (page.events.length === 0) {
      expect(page.next).toBe(from);
      return pages;
    }
    expect(page.next).toBe(page.events.at(-1)?.checkpoint);
    pages.push([...page.events]);
    from = page.next;
  }
}
