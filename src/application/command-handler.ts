import type { EventStore, ExpectedRevision, StoredEvent } from '../../eventstore/port.js';
import { defaultRetryPolicy, retryOnConflict, type RetryPolicy } from './retry-policy.js';
import { streamEvents } from './stream-events.js';

/**
 * A stream's rules as the handler needs them: where a stream starts, how a stored event changes
 * it, and what a command leads to. The domain's own deciders (src/domain/order, warehouse,
 * reference) are adapted to it by each application service.
 */
export interface Decider<State, Command, Event> {
  readonly initialState: () => State;
  /** A stored event as the domain reads it. */
  readonly toEvent: (stored: StoredEvent) => Event;
  readonly evolve: (state: State, event: Event) => State;
  /** The command's events and the state they lead to (no events: nothing to change); throws the domain's refusal. */
  readonly decide: (state: State, command: Command) => Decided<State, Event>;
}

export interface Decided<State, Event> {
  readonly events: readonly Event[];
  readonly state: State;
}

/** A stream's state and the revision it was folded up to: what an append expects to find. */
export interface Loaded<State> {
  readonly state: State;
  readonly expected: ExpectedRevision;
}

/** What the append strategy is asked to write. */
export interface DecidedAppend<State, Event> extends Decided<State, Event> {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  /** The state the command was decided on. */
  readonly decidedOn: State;
}

/**
 * Writes the events with the expected revision, throwing ConcurrencyError when the stream moved
 * on; how is the area's choice (a plain append, or one that returns once the read tables show it).
 */
export type AppendStrategy<State, Event> = (append: DecidedAppend<State, Event>) => Promise<void>;

export interface CommandHandling<State, Event> {
  readonly append: AppendStrategy<State, Event>;
  readonly retry?: RetryPolicy;
  /**
   * What the first try decides on instead of reading the stream: a stream the caller knows is new,
   * or a read row just read. A read row may be behind its stream: what it refuses, or finds nothing
   * to change, is asked of the stream before it is said; an append on it that the stream refuses
   * is retried on the stream.
   */
  readonly assumed?: Loaded<State>;
}

/** Folds a stream through the decider. */
export async function loadStream<State, Event>(
  store: Pick<EventStore, 'readStream'>,
  decider: Omit<Decider<State, never, Event>, 'decide'>,
  streamId: string,
): Promise<Loaded<State>> {
  const stored = await streamEvents(store, streamId);
  return {
    state: stored.map(decider.toEvent).reduce(decider.evolve, decider.initialState()),
    expected: stored.at(-1)?.revision ?? 'no_stream',
  };
}

/**
 * Handles a command on one stream: load (read the stream, fold), decide, append with the expected
 * revision. When a concurrent writer got there first, the append is refused and the command is
 * decided again on the new state, as the retry policy says. A refusal writes nothing and is thrown.
 * Returns the events written and the state they led to (no events when there was nothing to change).
 */
export function handleCommand<State, Command, Event>(
  store: Pick<EventStore, 'readStream'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  handling: CommandHandling<State, Event>,
): Promise<Decided<State, Event>> {
  let assumed = handling.assumed;
  return retryOnConflict(handling.retry ?? defaultRetryPolicy, async () => {
    for (;;) {
      const onAssumption = assumed !== undefined;
      const loaded = assumed ?? (await loadStream(store, decider, streamId));
      assumed = undefined;
      let decided: Decided<State, Event>;
      try {
        decided = decider.decide(loaded.state, command);
      } catch (error) {
        if (onAssumption) continue;
        throw error;
      }
      if (decided.events.length === 0) {
        if (onAssumption) continue;
        return decided;
      }
      await handling.append({ ...decided, streamId, expected: loaded.expected, decidedOn: loaded.state });
      return decided;
    }
  });
}
