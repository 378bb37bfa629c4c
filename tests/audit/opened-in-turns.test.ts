import { describe, expect, it } from 'vitest';
import type { StoredEvent, SubscribeOptions, Subscription } from '../../eventstore/port.js';
import { sealEvent } from '../../src/api/privacy/event-privacy.js';
import { withPersonalData } from '../../src/api/privacy/private-event-store.js';
import type { LogStore } from '../../src/projections/opened-event-store.js';
import { memoryKeyring } from './memory-keyring.js';

const EVENTS = 1000;
const NOTE = 'passport of LI SIGUANG';

async function sealedEvents(keyring: ReturnType<typeof memoryKeyring>): Promise<StoredEvent[]> {
  return Promise.all(
    Array.from({ length: EVENTS }, async (_, index) => ({
      ...(await sealEvent({ id: `e-${index}`, type: 'MoreMaterialsRequested', data: { note: NOTE }, metadata: {} }, 'user-1', keyring)),
      streamId: `order-${index}`,
      revision: 0n,
      checkpoint: String(index),
      recordedAt: new Date(0),
    })),
  );
}

/** A log that hands out `events` to a subscriber one after another, as the polling subscription does. */
const logOf = (events: readonly StoredEvent[]): LogStore =>
  ({
    subscribe(options: SubscribeOptions): Subscription {
      const delivering = (async () => {
        for (const event of events) await options.onEvent(event);
      })();
      return { checkpoint: () => '0', stop: () => delivering };
    },
  }) as unknown as LogStore;

/** Whether a turn of the event loop (a request arriving, say) came before `work` was done. */
async function turnCameFirst(work: () => Promise<void>): Promise<boolean> {
  let turned = false;
  const done = work().then(() => turned);
  setImmediate(() => (turned = true));
  return done;
}

/**
 * Opening sealed fields is synchronous work once the keys are cached: a page of a thousand events
 * opened in one go held up every request meanwhile (the notifier and the projector follow the log
 * in the server's process).
 */
describe('opening many events gives the event loop turns', () => {
  it('open: a thousand events come out opened, in order, and a turn came before the last', async () => {
    const keyring = memoryKeyring();
    const events = await sealedEvents(keyring);
    const store = withPersonalData(logOf(events), keyring);
    let opened: StoredEvent[] = [];
    expect(await turnCameFirst(async () => void (opened = await store.open(events)))).toBe(true);
    expect(opened.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(opened.every((event) => event.data['note'] === NOTE)).toBe(true);
  });

  it('subscribe: a thousand events reach the subscriber opened, in order, and a turn came before the last', async () => {
    const keyring = memoryKeyring();
    const events = await sealedEvents(keyring);
    const store = withPersonalData(logOf(events), keyring);
    const received: StoredEvent[] = [];
    const turned = await turnCameFirst(async () => {
      await store.subscribe({ onEvent: (event) => void received.push(event) }).stop();
    });
    expect(turned).toBe(true);
    expect(received.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(received.every((event) => event.data['note'] === NOTE)).toBe(true);
  });
});
