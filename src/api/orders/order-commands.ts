import { ConcurrencyError, type ExpectedRevision, type NewEvent } from '../../../eventstore/port.js';
import { appendVisibly } from '../append-visibly.js';
import { orderProjectArgument } from '../../projections/order-batch.js';
import { streamEvents } from '../stream-events.js';
import { newEventOf } from '../recorded-events.js';
import { sealEvent } from '../privacy/event-privacy.js';
import {
  dataSubjectOf,
  decide,
  initialOrderState,
  message,
  fold,
  OrderCommandRefused,
  orderStreamId,
  toOrderEvent,
  type Actor,
  snapshotOf,
  type OrderCommand,
  type OrderData,
  type OrderEvent,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

const ATTEMPTS = 3;
/** The SQL function of migrations/0013 that writes a command's own read rows in its append. */
const ORDER_PROJECT_FUNCTION = 'order_project';
const NO_ORDER_YET: LoadedOrder = { state: initialOrderState(), expected: 'no_stream' };

export interface LoadedOrder {
  readonly state: OrderSnapshot;
  readonly expected: ExpectedRevision;
}

/** The order as its read row shows it: the machine state the projector folded, at the row's revision. */
export const loadedFromRow = (row: { readonly state: OrderData; readonly revision: string | number | bigint }): LoadedOrder => ({
  state: snapshotOf(row.state),
  expected: BigInt(row.revision),
});

/** Folds the order's stream through the machine. */
export async function loadOrder(deps: Pick<AppDeps, 'eventStore'>, orderId: string): Promise<LoadedOrder> {
  const stored = await streamEvents(deps.eventStore, orderStreamId(orderId));
  return {
    state: fold(stored.map((event) => toOrderEvent(event.type, event.data, event.metadata))),
    expected: stored.at(-1)?.revision ?? 'no_stream',
  };
}

export interface CommandOptions {
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Return before the read tables show the result (background work like the sweeper). */
  readonly skipProjectionWait?: boolean;
  /** A fresh order id: its stream cannot exist, so the first try does not read it (a conflict reads it after all). */
  readonly newStream?: boolean;
  /**
   * The order as the caller just read it (its read row): the first try decides on it instead of
   * reading the stream. Should the stream have moved on, the append is refused and the next try
   * reads the stream.
   */
  readonly seen?: LoadedOrder;
}

type CommandDeps = Pick<AppDeps, 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;

/** The events as they are stored: personal fields sealed under the order's data subject's key. */
const sealedEvents = (deps: CommandDeps, order: OrderSnapshot, events: readonly OrderEvent[]): Promise<NewEvent[]> =>
  Promise.all(events.map((event) => sealEvent(newEventOf(event), dataSubjectOf(order.context), deps.keyring)));

/**
 * Decides the commands one after another, each on the state the previous one left; throws the
 * first refusal. A command that would change nothing (the same form saved twice) is no error to
 * the caller: it is skipped, and nothing is written for it.
 */
function decideInTurn(
  deps: CommandDeps,
  state: OrderSnapshot,
  commands: readonly OrderCommand[],
  actor: Actor,
  correlationId: string,
  causationId: string,
) {
  const events: OrderEvent[] = [];
  let current = state;
  for (const command of commands) {
    const now = deps.clock.now().toISOString();
    const decision = decide(current, command, { actor, now, eventId: deps.ids.uuid(), correlationId, causationId });
    if (!decision.ok && decision.error.reason === 'unchanged') continue;
    if (!decision.ok) throw decision.error;
    events.push(...decision.events);
    current = decision.state;
  }
  return { events, state: current };
}

/**
 * Runs commands against an order: load its stream, decide each with the machine, append all their
 * events at once with the expected revision, so either all are recorded or none (the files of one
 * upload). A concurrent change makes the append fail; the commands are then decided again on the
 * new state (a few times). Returns once the read tables show the result, so the next screen never
 * reads stale data (appendVisibly). A refusal is thrown as OrderCommandRefused and writes nothing.
 */
export async function runOrderCommands(
  deps: CommandDeps,
  orderId: string,
  commands: readonly OrderCommand[],
  actor: Actor,
  options: CommandOptions = {},
): Promise<OrderSnapshot> {
  // While the read tables cannot follow, a change would be stored but look failed: take none.
  if (!options.skipProjectionWait && deps.projections.problem()) throw new HttpError('service_unavailable', message('http.unavailable'));
  const correlationId = options.correlationId ?? deps.ids.uuid();
  let source: 'new' | 'seen' | 'stream' = options.newStream ? 'new' : options.seen ? 'seen' : 'stream';
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } =
      source === 'new' ? NO_ORDER_YET : source === 'seen' && options.seen ? options.seen : await loadOrder(deps, orderId);
    let decided: ReturnType<typeof decideInTurn>;
    try {
      decided = decideInTurn(deps, state, commands, actor, correlationId, options.causationId ?? correlationId);
    } catch (error) {
      // A read row may be behind its stream: what it refuses is asked of the stream before it is said.
      if (source === 'seen' && error instanceof OrderCommandRefused) {
        source = 'stream';
        continue;
      }
      throw error;
    }
    if (decided.events.length === 0) {
      // Likewise "nothing to change": the stream may hold what the row does not show yet.
      if (source !== 'seen') return decided.state;
      source = 'stream';
      continue;
    }
    try {
      const events = await sealedEvents(deps, decided.state, decided.events);
      const streamId = orderStreamId(orderId);
      if (options.skipProjectionWait) await deps.eventStore.append(streamId, events, expected);
      else {
        const decidedOn = { state, revision: expected === 'no_stream' ? -1n : expected };
        const inStatement = { functionName: ORDER_PROJECT_FUNCTION, argument: orderProjectArgument(orderId, decidedOn, decided.events) };
        await appendVisibly(deps, { streamId, events, readable: decided.events.map(newEventOf), expected, waitKey: orderId, inStatement });
      }
      return decided.state;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
      source = 'stream';
    }
  }
}

/** One command: see runOrderCommands. */
export const runOrderCommand = (
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  actor: Actor,
  options: CommandOptions = {},
): Promise<OrderSnapshot> => runOrderCommands(deps, orderId, [command], actor, options);
