import type { StoredEvent } from '../../../eventstore/port.js';
import {
  ORDER_STREAM_PREFIX,
  approvalWaitingNotice,
  evolve,
  fold,
  noticesOfOrderEvent,
  toOrderEvent,
  type Notice,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { KnownOrderStates } from '../../application/orders/known-order-states.js';
import type { OpenedEventStore } from '../../projections/opened-event-store.js';

const PAGE = 1000;

const foldStored = (stored: readonly StoredEvent[]): OrderSnapshot =>
  fold(stored.map((one) => toOrderEvent(one.type, one.data, one.metadata)));

/**
 * Turns the log's events into notices: an order's event is judged by the machine on the order's
 * state before and after it, carried from the order's previous event or else folded from its
 * stream; a proposal waiting for a second admin is told to the other admins.
 */
export class EventNotices {
  constructor(
    private readonly store: OpenedEventStore,
    /** Where the states carried between events are kept, and where a statement import hands over its own. */
    private readonly states: KnownOrderStates,
  ) {}

  async of(event: StoredEvent): Promise<Notice[]> {
    if (event.streamId.startsWith(ORDER_STREAM_PREFIX)) {
      const before = await this.#stateBefore(event);
      const orderEvent = toOrderEvent(event.type, event.data, event.metadata);
      const after = evolve(before, orderEvent);
      this.#carry(event.streamId, event.revision, after);
      return noticesOfOrderEvent(before, after, orderEvent);
    }
    if (event.type !== 'ChangeProposed') return [];
    const actor = (event.metadata['actor'] as { id?: unknown } | undefined)?.id;
    return [approvalWaitingNotice(event.id, typeof actor === 'string' ? actor : '')];
  }

  /**
   * Carries the state before each order's first event in `events` that is not carried already,
   * folded from the orders' streams read together: a batch after a statement import names
   * hundreds of orders last seen long ago, and a read per order kept the notifier at about a
   * hundred events a second.
   */
  async prepare(events: readonly StoredEvent[]): Promise<void> {
    const firsts = new Map<string, bigint>();
    for (const event of events)
      if (event.streamId.startsWith(ORDER_STREAM_PREFIX) && !firsts.has(event.streamId)) firsts.set(event.streamId, event.revision);
    const missing = [...firsts].filter(([streamId, revision]) => revision > 0n && !this.states.at(streamId, revision - 1n));
    if (missing.length === 0) return;
    const byStream = new Map<string, StoredEvent[]>(missing.map(([streamId]) => [streamId, []]));
    for (const stored of await this.store.readStreams(missing.map(([streamId]) => streamId)))
      if (stored.revision < firsts.get(stored.streamId)!) byStream.get(stored.streamId)?.push(stored);
    for (const [streamId, revision] of missing) {
      // readStreams gives each stream in log order, which for one stream is revision order. A
      // stream shorter than the event's revision is left to the read of #stateBefore.
      const before = byStream.get(streamId)!;
      if (BigInt(before.length) === revision) this.#carry(streamId, revision - 1n, foldStored(before));
    }
  }

  /** What is carried may be wrong after a failed write: the stream is read again. */
  forget(streamId: string): void {
    this.states.forget(streamId);
  }

  async #stateBefore(event: StoredEvent): Promise<OrderSnapshot> {
    const carried = this.states.at(event.streamId, event.revision - 1n);
    if (carried) return carried;
    const earlier: StoredEvent[] = [];
    for (let from = 0n; from < event.revision;) {
      const page = await this.store.readStream(event.streamId, { fromRevision: from, maxCount: PAGE });
      if (page.length === 0) break;
      earlier.push(...page.filter((stored) => stored.revision < event.revision));
      from = page.at(-1)!.revision + 1n;
    }
    return foldStored(earlier);
  }

  #carry(streamId: string, revision: bigint, state: OrderSnapshot): void {
    this.states.remember(streamId, revision, state);
  }
}
