import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEsdbEventStore } from '../../eventstore/esdb/index.js';
import { startEsdbSubscription, type SubscribingClient } from '../../eventstore/esdb/subscription.js';
import { EventStoreTimeoutError, type EventStore } from '../../eventstore/port.js';
import { newEvent, uniqueName } from './helpers/events.js';

const TIMEOUT_MS = 300;
/** Timer and scheduling slack on a busy machine. */
const SLACK_MS = 250;

// A server that accepts TCP connections and never says a word: the EventStoreDB client's own
// deadline does not cover this, the adapter's timers must.
describe('EventStoreDB adapter against a server that never answers', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let store: EventStore;

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    store = createEsdbEventStore({ connectionString: `esdb://127.0.0.1:${port}?tls=false`, timeoutMs: TIMEOUT_MS });
  });

  afterAll(async () => {
    await store?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const cases: [string, () => Promise<unknown>][] = [
    ['append', () => store.append(uniqueName('silent'), [newEvent()], 'no_stream')],
    ['readStream', () => store.readStream(uniqueName('silent'))],
    ['readAll', () => store.readAll({ maxCount: 10 })],
    ['ping', () => store.ping()],
  ];

  it.each(cases)('%s fails with EventStoreTimeoutError within the configured time', async (operation, call) => {
    const started = performance.now();
    const error = await call().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(EventStoreTimeoutError);
    expect(error).toMatchObject({ operation, ms: TIMEOUT_MS });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(sockets.size).toBeGreaterThan(0); // the client did connect: the silence is the server's
  });

  it('lets a subscription that never gets an answer be stopped at once', async () => {
    const errors: unknown[] = [];
    const subscription = store.subscribe({ onEvent: () => undefined, onError: (error) => errors.push(error) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = performance.now();
    await subscription.stop();
    expect(performance.now() - stopping).toBeLessThan(1_000);
    expect(errors).toEqual([]);
  });
});

/** A stand-in for the client's subscribeToAll: each call opens a stream that `confirm` may confirm, or never. */
function subscribingStandIn(confirm: boolean) {
  const opened: Readable[] = [];
  const client = {
    subscribeToAll: () => {
      const stream = Object.assign(new Readable({ objectMode: true, read() {} }), { unsubscribe: async () => void stream.destroy() });
      opened.push(stream);
      if (confirm) setImmediate(() => stream.emit('confirmation'));
      return stream;
    },
  } as unknown as SubscribingClient;
  return { client, opened };
}

describe('EventStoreDB subscription liveness', () => {
  it('resubscribes when the server never confirms a subscription', { timeout: 15_000 }, async () => {
    const { client, opened } = subscribingStandIn(false);
    const subscription = startEsdbSubscription(client, { onEvent: () => undefined }, 100);
    const until = Date.now() + 10_000;
    while (opened.length < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    await subscription.stop();
    expect(opened.length).toBeGreaterThanOrEqual(3);
    expect(opened.every((stream) => stream.destroyed)).toBe(true);
  });

  it('keeps a confirmed subscription however quiet it is', async () => {
    const { client, opened } = subscribingStandIn(true);
    const subscription = startEsdbSubscription(client, { onEvent: () => undefined }, 100);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.destroyed).toBe(false);
    await subscription.stop();
  });
});
