import { describe, expect, it } from 'vitest';
import {
  ORDER_TAGS,
  STATUSES,
  can,
  displayOf,
  displayOfStatus,
  isTagged,
  screenSnapshotOf,
  snapshotOf,
  statusHasTag,
  type Status,
} from '../../src/domain/index.js';
import { OWNER, T0, historyTo, stateAfter } from './support.js';

/**
 * SPEC.md section 4, "Progress display", written out status by status; the panels are issue 13's:
 * the one the payer must act on (pay at 1, 3, 12; documents at 2 and 13).
 */
const EXPECTED: Record<Status, { segment: number; colour: string; step: number; panel: number | null }> = {
  0: { segment: 1, colour: 'green', step: 1, panel: null },
  1: { segment: 1, colour: 'green', step: 1, panel: 1 },
  2: { segment: 2, colour: 'green', step: 1, panel: 2 },
  3: { segment: 2, colour: 'green', step: 1, panel: 1 },
  4: { segment: 3, colour: 'green', step: 2, panel: null },
  5: { segment: 3, colour: 'green', step: 2, panel: null },
  6: { segment: 5, colour: 'green', step: 3, panel: null },
  7: { segment: 6, colour: 'green', step: 4, panel: null },
  8: { segment: 1, colour: 'grey', step: 1, panel: null },
  9: { segment: 2, colour: 'red', step: 1, panel: null },
  10: { segment: 1, colour: 'grey', step: 1, panel: null },
  11: { segment: 1, colour: 'grey', step: 1, panel: null },
  12: { segment: 2, colour: 'red', step: 1, panel: 1 },
  13: { segment: 2, colour: 'red', step: 1, panel: 2 },
};

describe('progress display read from the machine', () => {
  it.each(STATUSES)('status %i draws the segment, colour, step and panel of the spec', (status) => {
    expect(displayOfStatus(status)).toEqual({ ...EXPECTED[status], textKey: `order.status.${status}` });
  });

  it.each(STATUSES)('a live order in status %i and its read-model snapshot draw the same', (status) => {
    const live = stateAfter(historyTo(status));
    expect(displayOf(live)).toEqual(displayOfStatus(status));
    expect(displayOf(snapshotOf(live.context))).toEqual(displayOf(live));
  });

  it('a snapshot rebuilt from the read model offers the same actions as the live one', () => {
    const live = stateAfter(historyTo(0));
    const rebuilt = snapshotOf(live.context);
    expect(can(rebuilt, { type: 'cancelOrder' }, OWNER, T0)).toBe(true);
    const finished = snapshotOf(stateAfter(historyTo(8)).context);
    expect(finished.status).toBe('done');
    expect(can(finished, { type: 'cancelOrder' }, OWNER, T0)).toBe(false);
  });

  it('nothing is drawn for an order that does not exist yet', () => {
    expect(displayOf(stateAfter([]))).toBeNull();
  });
});

describe('what a screen that has only the API view may ask', () => {
  it('a number that is a status has its tags; any other number has none', () => {
    for (const status of STATUSES) expect(isTagged(status, ORDER_TAGS.editable)).toBe(statusHasTag(status, ORDER_TAGS.editable));
    expect(isTagged(14, ORDER_TAGS.ended)).toBe(false);
    expect(isTagged(-1, ORDER_TAGS.awaitsPayer)).toBe(false);
  });

  const PAYER_COMMANDS = [{ type: 'finishUpload' }, { type: 'cancelOrder' }, { type: 'updateFiles', files: [] }] as const;

  it.each([4, 5, 6] as const)(
    'an order asked for materials from %i, its resume status unknown, answers the payer as the live order does',
    (from) => {
      const live = stateAfter(historyTo(13, 'order', from));
      const screen = screenSnapshotOf({ ...live.context, status_before_materials: null });
      for (const command of PAYER_COMMANDS) expect(can(screen, command, OWNER, T0)).toBe(can(live, command, OWNER, T0));
      expect(can(screen, { type: 'finishUpload' }, OWNER, T0)).toBe(true);
    },
  );

  it.each(STATUSES)('in status %i a screen snapshot with the fields known is the read-model snapshot', (status) => {
    const context = stateAfter(historyTo(status)).context;
    expect(screenSnapshotOf(context).context).toEqual(snapshotOf(context).context);
  });
});
