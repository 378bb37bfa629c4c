import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  ORDER_COMMAND_TYPES,
  STATUSES,
  decide,
  orderMachine,
  type MachineEvent,
  type OrderKind,
  type OrderSnapshot,
} from '../../src/domain/index.js';
import { sampleCommand } from './commands-for.js';
import { PARTNER_STATUSES, contextFor } from './support.js';
import { FINAL_STATUSES } from './transition-table.js';

/** The facts the machine may take next: every well-formed command, decided as the API would. */
function nextEvents(kind: OrderKind) {
  return (state: OrderSnapshot): MachineEvent[] =>
    ORDER_COMMAND_TYPES.flatMap((type) =>
      (['full', 'short'] as const).flatMap((variant) => {
        const sample = sampleCommand(type, state, variant);
        const commands =
          type === 'setStatus'
            ? [5, 6, 7, 9, 10].map((status) => ({ type, status }) as const)
            : type === 'createOrder'
              ? kind === 'order'
                ? [sample.command]
                : []
              : type === 'submitPartnerOrder'
                ? kind === 'partner'
                  ? [sample.command]
                  : []
                : [sample.command];
        return commands.flatMap((command) => {
          const decision = decide(state, command, contextFor(sample.actor, sample.now));
          return decision.ok ? [...decision.events] : [];
        });
      }),
    );
}

/** Distinguishes states by what changes the way forward, so the graph stays finite. */
const serializeState = (state: OrderSnapshot) =>
  JSON.stringify([
    state.value,
    state.context.status_before_materials,
    state.context.active_upload_document,
    state.context.jsfile.length,
    Object.keys(state.context.uploads).length,
    state.context.account !== null,
    state.context.payer !== null,
    state.context.paid_cny,
    state.context.refunded_cny,
  ]);

describe('model-based paths through the order machine (xstate graph)', () => {
  it.each([
    ['order', STATUSES],
    ['partner', PARTNER_STATUSES],
  ] as const)('shortest paths of a %s reach every status and every final state', (kind, expected) => {
    const paths = getShortestPaths(orderMachine, { events: nextEvents(kind), serializeState, limit: 50000 });
    const reached = new Set(paths.map((path) => path.state.context.status).filter((status) => status !== null));
    expect([...reached].sort((a, b) => a - b)).toEqual([...expected]);
    for (const status of FINAL_STATUSES.filter((final) => expected.includes(final))) {
      const path = paths.find((candidate) => candidate.state.context.status === status);
      expect(path?.state.status).toBe('done');
    }
  });

  it('a partner order never reaches bank remitting (6): the admin may not set it', () => {
    const paths = getShortestPaths(orderMachine, { events: nextEvents('partner'), serializeState, limit: 50000 });
    expect(paths.some((path) => path.state.context.status === 6)).toBe(false);
  });
});
