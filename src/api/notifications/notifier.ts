import type { Kysely } from 'kysely';
import { START, type StoredEvent, type Subscription } from '../../../eventstore/port.js';
import { WakeSignal } from '../../../eventstore/shared/wake-signal.js';
import {
  APPROVAL_STREAM_PREFIX,
  ORDER_STREAM_PREFIX,
  ORDER_TAGS,
  REMINDER_BEFORE_MS,
  STATUSES,
  deadlineReminder,
  statusHasTag,
  type Notice,
  unmatchedEntryNotice,
} from '../../domain/index.js';
import type { KnownOrderStates } from '../../application/orders/known-order-states.js';
import type { DB } from '../../database/schema.js';
import type { OpenedEventStore } from '../../projections/opened-event-store.js';
import type { Mailer } from '../auth/mailer.js';
import { deliverDue } from './deliver.js';
import { EventBatches } from './event-batches.js';
import { EventNotices } from './event-notices.js';
import { deadlinesWithin, readNotifierCheckpoint, saveNotifierCheckpoint, unmatchedEntriesNotTold } from './notifications-repository.js';
import { raiseNotices, type RaiseDeps } from './raise-notices.js';
import type { WeChatMessenger } from './wechat-messages.js';

export interface NotifierDeps extends RaiseDeps {
  readonly db: Kysely<DB>;
  readonly eventStore: OpenedEventStore;
  readonly orderStates: KnownOrderStates;
  readonly mailer: Mailer;
  readonly wechatMessages: WeChatMessenger;
}

export interface NotifierOptions {
  readonly intervalMs: number;
  readonly sendTimeoutMs: number;
  readonly maxAttempts: number;
  readonly retryMs: number;
  readonly onError?: (error: unknown) => void;
}

export interface Notifier {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One look at the tables (deadlines near, unmatched entries) and one round of due deliveries; what tests drive. */
  tick(): Promise<void>;
}

const FOLLOWED = [ORDER_STREAM_PREFIX, APPROVAL_STREAM_PREFIX];
const PAGE = 1000;
const LOOK_LIMIT = 200;
/** Notices may wait this long for the next read of the log: under a stream of appends, a read per 5 ms cost more than it was worth. */
const READ_INTERVAL_MS = 50;
/** The statuses whose deadline ends the order: the reminder's (the machine's `timesOut` tag). */
const TIMING_OUT = STATUSES.filter((status) => statusHasTag(status, ORDER_TAGS.timesOut));

/** Where to begin the first time: the end of the log, so that history already lived is not told again. */
async function firstCheckpoint(deps: NotifierDeps): Promise<string> {
  let from = START;
  for (;;) {
    const page = await deps.eventStore.readAll({ from, maxCount: PAGE, streamPrefixes: FOLLOWED });
    if (page.events.length === 0) break;
    from = page.next;
  }
  await saveNotifierCheckpoint(deps.db, from, deps.clock.now());
  return from;
}

/** What no event says: a payment deadline 24 hours away, a statement credit nobody matched. */
async function lookAtTables(deps: NotifierDeps): Promise<void> {
  const now = deps.clock.now();
  const near = await deadlinesWithin(deps.db, TIMING_OUT, now, new Date(now.getTime() + REMINDER_BEFORE_MS), LOOK_LIMIT);
  const notices = near.flatMap((order) => deadlineReminder({ ...order, owner_id: String(order.owner_id), deadline: order.deadline_date! }));
  for (const entry of await unmatchedEntriesNotTold(deps.db, LOOK_LIMIT)) notices.push(unmatchedEntryNotice(entry));
  if (notices.length > 0) await deps.db.transaction().execute((trx) => raiseNotices(trx, deps, notices));
}

/** Events judged between two turns of the event loop: a batch's folding must not hold up requests. */
const EVENTS_PER_TURN = 20;

/**
 * The notices of a batch's events, in order. Carried states make judging an event synchronous
 * work, so without a turn of the event loop now and then a batch of 500 would hold up every
 * request arriving meanwhile (the create's p99 while the notifier follows a busy log).
 */
async function noticesOf(notices: EventNotices, events: readonly StoredEvent[]): Promise<Notice[]> {
  const raised: Notice[] = [];
  for (const [index, event] of events.entries()) {
    if (index > 0 && index % EVENTS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    raised.push(...(await notices.of(event)));
  }
  return raised;
}

/**
 * A batch of events' notices and the checkpoint after its last event, in one transaction; tried
 * again (with backoff) until it succeeds or the notifier stops. Stopping, the checkpoint stays
 * before the batch, so the next leader starts with it.
 */
async function tellBatch(
  deps: NotifierDeps,
  notices: EventNotices,
  events: readonly StoredEvent[],
  stopping: () => boolean,
  onError: (error: unknown) => void,
): Promise<number> {
  for (let delay = 100; !stopping(); delay = Math.min(delay * 2, 5_000)) {
    try {
      // Read before the transaction: the event store may share the transaction's one connection (PGlite).
      await notices.prepare(events);
      const ofEvents = await noticesOf(notices, events);
      return await deps.db.transaction().execute(async (trx) => {
        const raised = await raiseNotices(trx, deps, ofEvents);
        await saveNotifierCheckpoint(trx, events.at(-1)!.checkpoint, deps.clock.now());
        return raised;
      });
    } catch (error) {
      for (const event of events) notices.forget(event.streamId);
      onError(error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw new Error('notifier stopped');
}

/**
 * The notifier (DESIGN.md section 11): follows the order and approval streams from its own
 * checkpoint, as a projection does, and turns each event into notices; the events that arrive
 * together (up to a batch) have their notices written in one transaction with the checkpoint after
 * the last, and every notice is keyed by its source, so a restart or a replay tells nobody twice.
 * A timer looks at the tables for what no event says and sends the deliveries that are due.
 * Sending happens here, never in a command: a mail server
 * that hangs holds only this loop, and each send has its own timeout. One process at a time runs
 * it (runtime.ts leads it).
 */
export function createNotifier(deps: NotifierDeps, options: NotifierOptions): Notifier {
  const notices = new EventNotices(deps.eventStore, deps.orderStates);
  const wake = new WakeSignal();
  let subscription: Subscription | undefined;
  let loop: Promise<void> | undefined;
  let stopping = false;
  const onError = options.onError ?? (() => undefined);
  let batches: EventBatches | undefined;
  /** The events that arrive together are told together: the deliveries are woken when a batch raised any. */
  const tell = async (events: readonly StoredEvent[]) => {
    if ((await tellBatch(deps, notices, events, () => stopping, onError)) > 0) wake.wake();
  };

  const tick = async () => {
    await lookAtTables(deps);
    await deliverDue(deps, options);
  };

  /**
   * A round each interval looks at the tables and sweeps; a wake for newly raised notices between
   * them only sends, so a busy log does not repeat those queries once per notice.
   */
  async function run(): Promise<void> {
    let lookedAt = Number.NEGATIVE_INFINITY;
    while (!stopping) {
      const round = performance.now() - lookedAt >= options.intervalMs;
      if (round) lookedAt = performance.now();
      await (round ? tick() : deliverDue(deps, options, false)).catch(onError);
      await wake.wait(Math.max(0, lookedAt + options.intervalMs - performance.now()));
    }
  }

  /** From the stored checkpoint; a subscription that fails is begun again from there a little later. */
  async function subscribe(): Promise<void> {
    const from = (await readNotifierCheckpoint(deps.db)) ?? (await firstCheckpoint(deps));
    const queued = new EventBatches(tell);
    batches = queued;
    subscription = deps.eventStore.subscribe({
      from,
      streamPrefixes: FOLLOWED,
      onEvent: (event) => queued.push(event),
      minReadIntervalMs: READ_INTERVAL_MS,
      onError: (error) => {
        if (stopping) return;
        onError(error);
        setTimeout(() => void (stopping ? undefined : subscribe().catch(onError)), 1_000).unref();
      },
    });
  }

  return {
    tick,
    async start() {
      stopping = false;
      await subscribe();
      loop = run();
    },
    async stop() {
      stopping = true;
      wake.wake();
      await subscription?.stop();
      await batches?.settled();
      await loop;
    },
  };
}
