import type { NewEvent } from '../../../eventstore/port.js';
import { handleCommand, loadStream, type DecidedAppend, type Loaded } from '../../application/command-handler.js';
import { orderDecider, orderEvolution } from '../../application/orders/order-decider.js';
import { appendVisibly } from '../append-visibly.js';
import { orderProjectArgument } from '../../projections/order-batch.js';
import { newEventOf } from '../recorded-events.js';
import { sealEvent } from '../privacy/event-privacy.js';
import {
  dataSubjectOf,
  initialOrderState,
  message,
  orderStreamId,
  type Actor,
  snapshotOf,
  type OrderCommand,
  type OrderData,
  type OrderEvent,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

/** The SQL function of migrations/0013 that writes a command's own read rows in its append. */
const ORDER_PROJECT_FUNCTION = 'order_project';
const NO_ORDER_YET: LoadedOrder = { state: initialOrderState(), expected: 'no_stream' };

export type LoadedOrder = Loaded<OrderSnapshot>;

/** The order as its read row shows it: the machine state the projector folded, at the row's revision. */
export const loadedFromRow = (row: { readonly state: OrderData; readonly revision: string | number | bigint }): LoadedOrder => ({
  state: snapshotOf(row.state),
  expected: BigInt(row.revision),
});

/** Folds the order's stream through the machine. */
export const loadOrder = (deps: Pick<AppDeps, 'eventStore'>, orderId: string): Promise<LoadedOrder> =>
  loadStream(deps.eventStore, orderEvolution, orderStreamId(orderId));

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
 * Appends the sealed events; unless told to skip it, returns once the read tables show them, the
 * order's own read rows written in the append's statement where the store can (migrations/0013).
 */
const appendOrderEvents =
  (deps: CommandDeps, orderId: string, options: CommandOptions) =>
  async ({ streamId, events, expected, decidedOn, state }: DecidedAppend<OrderSnapshot, OrderEvent>): Promise<void> => {
    const sealed = await sealedEvents(deps, state, events);
    if (options.skipProjectionWait) {
      await deps.eventStore.append(streamId, sealed, expected);
      return;
    }
    const decidedOnRow = { state: decidedOn, revision: expected === 'no_stream' ? -1n : expected };
    const inStatement = { functionName: ORDER_PROJECT_FUNCTION, argument: orderProjectArgument(orderId, decidedOnRow, events, state) };
    await appendVisibly(deps, { streamId, events: sealed, readable: events.map(newEventOf), expected, waitKey: orderId, inStatement });
  };

/**
 * Runs commands against an order: load its stream, decide each with the machine, append all their
 * events at once with the expected revision, so either all are recorded or none (the files of one
 * upload). A concurrent change makes the append fail; the commands are then decided again on the
 * new state (the application's retry policy). Returns once the read tables show the result, so the
 * next screen never reads stale data (appendVisibly). A refusal is thrown as OrderCommandRefused
 * and writes nothing.
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
  const causationId = options.causationId ?? correlationId;
  const decider = orderDecider({ actor, correlationId, causationId, clock: deps.clock, ids: deps.ids });
  const assumed = options.newStream ? NO_ORDER_YET : options.seen;
  const decided = await handleCommand(deps.eventStore, decider, orderStreamId(orderId), commands, {
    append: appendOrderEvents(deps, orderId, options),
    ...(assumed ? { assumed } : {}),
  });
  return decided.state;
}

/** One command: see runOrderCommands. */
export const runOrderCommand = (
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  actor: Actor,
  options: CommandOptions = {},
): Promise<OrderSnapshot> => runOrderCommands(deps, orderId, [command], actor, options);
