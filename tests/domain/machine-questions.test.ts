import { describe, expect, it } from 'vitest';
import {
  ORDER_EVENT_TYPES,
  ORDER_TAGS,
  STATUSES,
  rolesAccepting,
  settableStatuses,
  statusHasTag,
  type EventMetadata,
  type OrderTag,
  type Status,
} from '../../src/domain/index.js';
import { ADMIN, PARTNER_STATUSES, T0, historyTo, settledHistoryTo, stateAfter } from './support.js';
import { actorsOf, rowsMatching } from './transition-table.js';

/**
 * What the rest of the product asks the machine instead of keeping lists: its tags, who it takes
 * each event from, and which statuses an admin may set. Each answer is judged against DESIGN.md
 * and SPEC.md (the test's own copies), not against the machine.
 */
const TAGGED: Readonly<Record<OrderTag, readonly Status[]>> = {
  paymentDue: [2, 3, 12],
  ended: [7, 8, 10, 11],
  calledOff: [8, 10, 11],
  timesOut: [1, 2, 3],
  awaitsPayer: [0, 1, 2, 12, 13],
  settled: [7, 10],
  editable: [0],
  inStepFlow: [0, 1],
  choosesMethod: [1],
  materialsRequested: [13],
  payerTold: [5, 6, 7],
};

describe('the machine answers', () => {
  it.each(Object.values(ORDER_TAGS))('which statuses are tagged %s', (tag) => {
    expect(STATUSES.filter((status) => statusHasTag(status, tag))).toEqual(TAGGED[tag]);
  });

  it.each(ORDER_EVENT_TYPES)('who may send %s, as the transition table says', (type) => {
    expect([...rolesAccepting(type)].sort()).toEqual(actorsOf(type).sort());
  });

  const adminMeta: EventMetadata = {
    event_id: 'probe',
    actor: ADMIN,
    occurred_at: T0,
    correlation_id: 'probe',
    causation_id: 'probe',
    schema_version: 1,
  };
  const reachable = (kind: 'order' | 'partner') => (kind === 'partner' ? PARTNER_STATUSES : STATUSES);
  it.each((['order', 'partner'] as const).flatMap((kind) => reachable(kind).map((from) => ({ kind, from }))))(
    'which statuses an admin may set on a $kind in $from',
    ({ kind, from }) => {
      const allowed = STATUSES.filter(
        (to) => rowsMatching({ kind, from, event: 'OrderStatusSet', actor: 'admin', sets: to, to, statusBefore13: null }).length > 0,
      );
      // In 4 with the money in: 5, 6 and 7 wait for it (without it, see below).
      const history = settledHistoryTo(from, kind);
      expect(settableStatuses(stateAfter(history), adminMeta)).toEqual(allowed);
    },
  );
  it('which statuses an admin may set on a transfer the payer declared before any money arrived: only the refund', () => {
    expect(settableStatuses(stateAfter(historyTo(4)), adminMeta)).toEqual([9]);
  });
});
