import { ConcurrencyError, type ExpectedRevision, type NewEvent, type JsonObject } from '../../../eventstore/port.js';
import {
  decide,
  fold,
  orderStreamId,
  toOrderEvent,
  type Actor,
  type OrderCommand,
  type OrderEvent,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';

const ATTEMPTS = 3;
const PAGE = 500;

export interface LoadedOrder {
  readonly state: OrderSnapshot;
  readonly expected: ExpectedRevision;
}

/** Folds the order's stream, page by page, through the machine. */
export async function loadOrder(deps: Pick<AppDeps, 'eventStore'>, orderId: string): Promise<LoadedOrder> {
  const streamId = orderStreamId(orderId);
  const events: OrderEvent[] = [];
  let revision: bigint | undefined;
  for (;;) {
    const page = await deps.eventStore.readStream(streamId, { fromRevision: revision === undefined ? 0n : revision + 1n, maxCount: PAGE });
    for (const stored of page) {
      events.push(toOrderEvent(stored.type, stored.data, stored.metadata));
      revision = stored.revision;
    }
    if (page.length < PAGE) break;
  }
  return { state: fold(events), expected: revision ?? 'no_stream' };
}

const toNewEvent = (event: OrderEvent): NewEvent => ({
  id: event.meta.event_id,
  type: event.type,
  data: event.data as unknown as JsonObject,
  metadata: event.meta as unknown as JsonObject,
});

export interface CommandOptions {
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Return before the read tables show the result (background work like the sweeper). */
  readonly skipProjectionWait?: boolean;
}

/**
 * Runs one command against an order: load its stream, decide with the machine, append with the
 * expected revision. A concurrent change makes the append fail; the command is then decided again
 * on the new state (a few times). Returns once the read tables show the result, so the next
 * screen never reads stale data. A refusal is thrown as OrderCommandRefused and writes nothing.
 */
export async function runOrderCommand(
  deps: Pick<AppDeps, 'eventStore' | 'projections' | 'clock' | 'ids'>,
  orderId: string,
  command: OrderCommand,
  actor: Actor,
  options: CommandOptions = {},
): Promise<OrderSnapshot> {
  const correlationId = options.correlationId ?? deps.ids.uuid();
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } = await loadOrder(deps, orderId);
    const decision = decide(state, command, {
      actor,
      now: deps.clock.now().toISOString(),
      eventId: deps.ids.uuid(),
      correlationId,
      causationId: options.causationId ?? correlationId,
    });
    if (!decision.ok) throw decision.error;
    try {
      const result = await deps.eventStore.append(orderStreamId(orderId), decision.events.map(toNewEvent), expected);
      if (!options.skipProjectionWait) await deps.projections.waitFor(orderId, result.nextExpectedRevision);
      return decision.state;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
