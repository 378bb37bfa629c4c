import { ORDER_EVENT_TYPES, type ActorRole, type EventMetadata, type OrderEventType } from './events.js';
import { actorFits, firstBrokenRule, routes, rolesOf, RULE_REFUSALS, type MachineEvent, type RuleSet } from './machine-rules.js';
import { orderMachine, type OrderSnapshot } from './order-machine.js';
import type { RefusalReason } from './refusal.js';
import { STATUSES, type Status } from './status.js';

/**
 * Questions the rest of the product asks the order machine instead of keeping its own lists:
 * who may send an event at all, why a proposed event was refused, which statuses an admin may set
 * from here, and what a status is tagged with. The answers are read from the machine's own
 * transitions and their rule sets.
 */

type Transition = { readonly guard?: unknown };
type StateNodeLike = { readonly transitions: Map<string, readonly Transition[]>; readonly states: Record<string, StateNodeLike> };

const root = orderMachine.root as unknown as StateNodeLike;

const ruleSetOf = (transition: Transition): RuleSet | null => {
  const guard = transition.guard as { type?: unknown; params?: unknown } | undefined;
  return guard?.type === 'rules' ? (guard.params as RuleSet) : null;
};

const allNodes = (node: StateNodeLike): StateNodeLike[] => [node, ...Object.values(node.states).flatMap(allNodes)];

/** The roles some transition of the machine takes each event from (the table's actor column). */
const ROLES_BY_EVENT: ReadonlyMap<string, readonly ActorRole[]> = (() => {
  const roles = new Map<string, Set<ActorRole>>();
  for (const node of allNodes(root)) {
    for (const [type, transitions] of node.transitions) {
      const set = roles.get(type) ?? new Set<ActorRole>();
      for (const transition of transitions) for (const role of rolesOf(ruleSetOf(transition) ?? { all: [] })) set.add(role);
      roles.set(type, set);
    }
  }
  return new Map([...roles].map(([type, set]) => [type, [...set]]));
})();

export const rolesAccepting = (type: OrderEventType): readonly ActorRole[] => ROLES_BY_EVENT.get(type) ?? [];

/** The rule sets that could take `event` now: the current state's first, then the machine root's. */
function candidates(state: OrderSnapshot, type: string): RuleSet[] {
  const current = typeof state.value === 'string' ? root.states[state.value] : undefined;
  return [current, root].flatMap((node) => node?.transitions.get(type) ?? []).flatMap((transition) => ruleSetOf(transition) ?? []);
}

/**
 * Why the machine does not take this proposed event (which it does not: check `can` first): the
 * refusal of the first rule that fails in the transition meant for this actor; a status that has
 * no such transition at all is "not allowed in this status".
 */
export function refusalOf(state: OrderSnapshot, event: MachineEvent): RefusalReason {
  const order = state.context;
  if (!rolesAccepting(event.type).includes(event.meta.actor.role)) return 'actor_not_allowed';
  const meant = candidates(state, event.type).filter((rules) => routes(rules, order, event) && actorFits(rules, order, event));
  for (const rules of meant) {
    const broken = firstBrokenRule(rules, order, event);
    if (broken) return RULE_REFUSALS[broken];
  }
  return order.status === null ? 'no_order' : 'not_allowed_in_status';
}

/** The statuses `actor` (an admin) may set on the order now, as the machine would take them. */
export function settableStatuses(state: OrderSnapshot, meta: EventMetadata): Status[] {
  return STATUSES.filter((status) => state.can({ type: 'OrderStatusSet', data: { status }, meta }));
}

/** An event the order would take in its state, and from whom (the rules may still refuse particular data). */
export interface AllowedEvent {
  readonly type: OrderEventType;
  readonly roles: readonly ActorRole[];
}

/** What the machine offers in this state: each event type with a transition here, and the roles it takes it from. */
export function eventsOfferedIn(state: OrderSnapshot): AllowedEvent[] {
  return ORDER_EVENT_TYPES.flatMap((type) => {
    const roles = new Set(candidates(state, type).flatMap((rules) => rolesOf(rules)));
    return roles.size > 0 ? [{ type, roles: [...roles] }] : [];
  });
}
