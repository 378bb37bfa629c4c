import { describe, expect, it } from 'vitest';
import { ChainWalker, HASH_KEY, withHashChain } from '../../eventstore/chain/index.js';
import { ConcurrencyError, type EventStore, type StoredEvent } from '../../eventstore/port.js';
import { newEvents, uniqueName } from './helpers/events.js';

async function whole(store: EventStore, streamId: string): Promise<StoredEvent[]> {
  return [...(await store.readStream(streamId, { maxCount: 1000 }))];
}

/**
 * The hash chain over an adapter (DESIGN.md section 8): whoever appends, in whatever batches,
 * through a decorator that has seen the stream or one that has not, the stored events form one
 * unbroken chain; a refused or repeated append leaves it so.
 */
export function hashChainSuite(name: string, open: () => Promise<EventStore>): void {
  describe(`the hash chain over ${name}`, () => {
    it('chains every event across batches and decorator instances, and stays whole after a conflict and a retried append', async () => {
      const adapter = await open();
      try {
        const stream = uniqueName('chained');
        const first = withHashChain(adapter);
        await first.append(stream, newEvents(3), 'no_stream');
        // Another process (a fresh decorator) appends next: it reads the head's hash once.
        const other = withHashChain(adapter);
        const batch = newEvents(2);
        await other.append(stream, batch, 2n);
        await expect(first.append(stream, newEvents(1), 2n)).rejects.toBeInstanceOf(ConcurrencyError);
        // A retry of the same events (same ids) writes nothing and changes no hash.
        await other.append(stream, batch, 2n);
        await first.append(stream, newEvents(1), 4n);

        const stored = await whole(adapter, stream);
        expect(stored.map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a hash is a hex string, anything else fails the test
        expect(stored.every((event) => /^[0-9a-f]{64}$/.test(String(event.metadata[HASH_KEY])))).toBe(true);
        const walker = new ChainWalker();
        for (const event of stored) walker.feed(event);
        expect(walker.problems).toEqual([]);
        expect(walker.unchained).toBe(0);
      } finally {
        await adapter.close();
      }
    });
  });
}
