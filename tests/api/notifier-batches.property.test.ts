import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../eventstore/port.js';
import { EventBatches } from '../../src/api/notifications/event-batches.js';

const eventAt = (position: number): StoredEvent => ({
  id: `event-${position}`,
  type: 'OrderMessagePosted',
  data: {},
  metadata: {},
  streamId: `order-${position % 7}`,
  revision: BigInt(position),
  checkpoint: String(position),
  recordedAt: new Date(0),
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the notifier’s batches', () => {
  it('tell every event once, in the log’s order, at most 500 at a time, however the events arrive', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Runs of events arriving together, with pauses between them.
        fc.array(fc.integer({ min: 1, max: 1_200 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 3 }),
        async (runs, slowTells) => {
          const told: StoredEvent[][] = [];
          let tells = 0;
          const batches = new EventBatches(async (events) => {
            tells += 1;
            if (tells <= slowTells) await turn();
            told.push([...events]);
          });
          let position = 0;
          for (const run of runs) {
            for (let index = 0; index < run; index += 1) await batches.push(eventAt(position++));
            await turn();
          }
          await batches.settled();
          expect(told.flat().map((event) => event.checkpoint)).toEqual(Array.from({ length: position }, (_, index) => String(index)));
          expect(Math.max(...told.map((batch) => batch.length))).toBeLessThanOrEqual(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('drop what is queued when telling fails (the checkpoint stays before it), and refuse the next event', async () => {
    const told: string[] = [];
    const batches = new EventBatches(async (events) => {
      if (events.some((event) => event.checkpoint === '3')) throw new Error('notifier stopped');
      told.push(...events.map((event) => event.checkpoint));
    });
    for (let position = 0; position < 3; position += 1) await batches.push(eventAt(position));
    await batches.settled();
    await batches.push(eventAt(3));
    await batches.settled();
    await expect(batches.push(eventAt(4))).rejects.toThrow('notifier stopped');
    expect(told).toEqual(['0', '1', '2']);
  });
});
