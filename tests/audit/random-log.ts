import fc from 'fast-check';
import { chainEvents } from '../../eventstore/chain/index.js';
import type { JsonObject, NewEvent, StoredEvent } from '../../eventstore/port.js';
import { sealEvent } from '../../src/api/privacy/event-privacy.js';
import type { Keyring } from '../../src/api/privacy/keyring.js';
import { ORDER_COMMAND_TYPES, decide, initialOrderState, orderStreamId, type OrderEvent, type OrderKind } from '../../src/domain/index.js';
import { sampleCommand } from '../domain/commands-for.js';
import { T0, contextFor } from '../domain/support.js';

/** A random life of one order: at each step one of the commands the order accepts now, picked by `picks`. */
export function randomLife(kind: OrderKind, picks: readonly number[]): OrderEvent[] {
  let state = initialOrderState();
  let time = Date.parse(T0);
  const events: OrderEvent[] = [];
  for (const pick of picks) {
    const now = new Date(time).toISOString();
    const accepted = ORDER_COMMAND_TYPES.flatMap((type) => {
      if ((type === 'createOrder' && kind !== 'order') || (type === 'submitPartnerOrder' && kind !== 'partner')) return [];
      const sample = sampleCommand(type, state, pick % 2 === 0 ? 'full' : 'short');
      const decision = decide(state, sample.command, contextFor(sample.actor, type === 'expireOrder' ? '2030-01-01T00:00:00.000Z' : now));
      return decision.ok ? [decision] : [];
    });
    if (accepted.length === 0) break;
    const decision = accepted[pick % accepted.length]!;
    events.push(...decision.events);
    state = decision.state;
    time += 3_600_000;
  }
  return events;
}

export const lifeArb = fc.record({
  kind: fc.constantFrom<OrderKind>('order', 'partner'),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 25 }),
});

const toNew = (event: OrderEvent): NewEvent => ({
  id: event.meta.event_id,
  type: event.type,
  data: event.data as unknown as JsonObject,
  metadata: event.meta as unknown as JsonObject,
});

/** The events of several orders as the store keeps them: sealed per subject, chained per stream, interleaved in one log. */
export async function storedLog(lives: readonly OrderEvent[][], keyring: Keyring, interleave: readonly number[]): Promise<StoredEvent[]> {
  const streams = await Promise.all(
    lives.map(async (events, index) => {
      const streamId = orderStreamId(`o-${index}`);
      const sealed = await Promise.all(events.map((event) => sealEvent(toNew(event), `user-${index}`, keyring)));
      return chainEvents(streamId, 0n, sealed, '0'.repeat(64)).events.map((event, revision): StoredEvent => ({
        ...event,
        streamId,
        revision: BigInt(revision),
        checkpoint: '',
        recordedAt: new Date(T0),
      }));
    }),
  );
  const log: StoredEvent[] = [];
  let turn = 0;
  while (streams.some((stream) => stream.length > 0)) {
    const open = streams.filter((stream) => stream.length > 0);
    log.push(open[(interleave[turn++ % Math.max(interleave.length, 1)] ?? 0) % open.length]!.shift()!);
  }
  return log.map((event, position) => ({ ...event, checkpoint: String(position) }));
}
