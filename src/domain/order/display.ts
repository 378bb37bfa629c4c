import type { Status } from './status.js';

/** Colour of the six-segment bar: green normal, grey ended, red needs action. */
export type BarColour = 'green' | 'grey' | 'red';

/** What the order page draws for a status (SPEC.md section 4, "Progress display"). */
export interface StatusDisplay {
  /** Segment 1-6 of the six-segment bar (two groups of three). */
  readonly segment: 1 | 2 | 3 | 4 | 5 | 6;
  readonly colour: BarColour;
  /** Step 1-4 of the order page's four-step view, and the panel it opens (1 payment, 2 documents). */
  readonly step: 1 | 2 | 3 | 4;
  readonly panel: 1 | 2 | null;
  /** Translation key of the status text. */
  readonly textKey: `order.status.${Status}`;
}

/** The machine's `meta` on every status state. */
export interface StatusMeta {
  readonly status: Status;
  readonly display: StatusDisplay;
}

const display = (
  status: Status,
  segment: StatusDisplay['segment'],
  colour: BarColour,
  step: StatusDisplay['step'] = 1,
  panel: StatusDisplay['panel'] = null,
): StatusMeta => ({ status, display: { segment, colour, step, panel, textKey: `order.status.${status}` } });

/** Indexed by status; the machine puts entry `n` on the state of status `n` as its meta. */
export const STATUS_META: readonly StatusMeta[] = [
  display(0, 1, 'green'),
  // The panel opened is the one the payer must act on (beyond SPEC.md's 2 → 1 and 3 → 2, which
  // opened the panel of the step already done): pay at 1, 3 and 12, documents at 2 and 13.
  display(1, 1, 'green', 1, 1),
  display(2, 2, 'green', 1, 2),
  display(3, 2, 'green', 1, 1),
  display(4, 3, 'green', 2),
  display(5, 3, 'green', 2),
  display(6, 5, 'green', 3),
  display(7, 6, 'green', 4),
  display(8, 1, 'grey'),
  display(9, 2, 'red'),
  display(10, 1, 'grey'),
  display(11, 1, 'grey', 1),
  display(12, 2, 'red', 1, 1),
  display(13, 2, 'red', 1, 2),
];
