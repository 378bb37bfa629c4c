import {
  decide,
  evolve,
  initialOrderState,
  toOrderEvent,
  type Actor,
  type OrderCommand,
  type OrderEvent,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { Decided, Decider } from '../command-handler.js';

/** Who issues the commands, and where time and event ids come from (the domain takes them as arguments). */
export interface OrderDecisionContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  readonly clock: { now(): Date };
  readonly ids: { uuid(): string };
}

/**
 * Decides the commands one after another, each on the state the previous one left; throws the
 * first refusal (OrderCommandRefused). A command that would change nothing (the same form saved
 * twice) is no error to the caller: it is skipped, and nothing is written for it.
 */
function decideInTurn(
  context: OrderDecisionContext,
  state: OrderSnapshot,
  commands: readonly OrderCommand[],
): Decided<OrderSnapshot, OrderEvent> {
  const { actor, correlationId, causationId } = context;
  const events: OrderEvent[] = [];
  let current = state;
  for (const command of commands) {
    const now = context.clock.now().toISOString();
    const decision = decide(current, command, { actor, now, eventId: context.ids.uuid(), correlationId, causationId });
    if (!decision.ok && decision.error.reason === 'unchanged') continue;
    if (!decision.ok) throw decision.error;
    events.push(...decision.events);
    current = decision.state;
  }
  return { events, state: current };
}

/** How an order's stream folds into its machine state (what loading needs, no decisions). */
export const orderEvolution: Omit<Decider<OrderSnapshot, never, OrderEvent>, 'decide'> = {
  initialState: initialOrderState,
  toEvent: (stored) => toOrderEvent(stored.type, stored.data, stored.metadata),
  evolve,
};

/** The order machine as the command handler takes it: a batch of commands decided together, so all are recorded or none. */
export const orderDecider = (context: OrderDecisionContext): Decider<OrderSnapshot, readonly OrderCommand[], OrderEvent> => ({
  ...orderEvolution,
  decide: (state, commands) => decideInTurn(context, state, commands),
});
