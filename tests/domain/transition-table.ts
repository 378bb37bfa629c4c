import type { ActorRole, OrderEventType, OrderKind, Status } from '../../src/domain/index.js';

/**
 * DESIGN.md section 3's transition table, copied by hand as data so the tests judge the machine
 * against the document rather than against itself. `to: 'same'` keeps the status; 'before13'
 * returns to the status the order had before 13.
 */
export interface Row {
  readonly from: readonly (Status | 'none')[];
  readonly event: OrderEventType;
  readonly actor: ActorRole;
  readonly to: Status | 'same' | 'before13';
  /** For set-status rows: the status the admin sets. */
  readonly sets?: Status;
  /** Rows that hold only for one kind of order. */
  readonly kind?: OrderKind;
}

const NON_FINAL: readonly Status[] = [0, 1, 2, 3, 4, 5, 6, 9, 12, 13];

export const TABLE: readonly Row[] = [
  { from: ['none'], event: 'OrderCreated', actor: 'payer', to: 0, kind: 'order' },
  // Beyond DESIGN.md's table (see the machine): a partner's order arrives paid and starts in 4.
  { from: ['none'], event: 'PartnerOrderSubmitted', actor: 'partner', to: 4, kind: 'partner' },
  { from: [0], event: 'AmountChanged', actor: 'payer', to: 'same' },
  { from: [0], event: 'RecipientAccountSaved', actor: 'payer', to: 'same' },
  { from: [0], event: 'PayerDetailsSaved', actor: 'payer', to: 'same' },
  { from: [0], event: 'OrderConfirmed', actor: 'payer', to: 1 },
  { from: [1, 2], event: 'PaymentMethodChosen', actor: 'payer', to: 2 },
  { from: [2, 3, 13], event: 'FileUploaded', actor: 'payer', to: 'same' },
  { from: [2, 3, 13], event: 'FilesUpdated', actor: 'payer', to: 'same' },
  { from: NON_FINAL, event: 'FileUploaded', actor: 'uploader', to: 'same' },
  { from: NON_FINAL, event: 'FilesUpdated', actor: 'uploader', to: 'same' },
  // The back office's attachment dialog (the admin issue): an admin's file changes, in any status that is not final.
  { from: NON_FINAL, event: 'FileUploaded', actor: 'admin', to: 'same' },
  { from: NON_FINAL, event: 'FilesUpdated', actor: 'admin', to: 'same' },
  { from: [2], event: 'UploadFinished', actor: 'payer', to: 3 },
  { from: [13], event: 'UploadFinished', actor: 'payer', to: 'before13' },
  // An admin may finish for the payer (a partner order has none).
  { from: [13], event: 'UploadFinished', actor: 'admin', to: 'before13' },
  { from: [2, 3, 12], event: 'PaymentFinished', actor: 'payer', to: 4 },
  { from: [2, 3, 12], event: 'PaymentReceived', actor: 'bank', to: 4 },
  { from: [2, 3], event: 'ShortPaymentReceived', actor: 'bank', to: 12 },
  // Beyond DESIGN.md's table (see the machine): a top-up that is still short is counted in 12.
  { from: [12], event: 'ShortPaymentReceived', actor: 'bank', to: 'same' },
  // Beyond DESIGN.md's table (money, not claims): after the payer declared the transfer (4), the
  // money itself arrives; in full (or more) the order stays in 4, short it waits in 12 for the rest.
  { from: [4], event: 'PaymentReceived', actor: 'bank', to: 'same' },
  // (A partner order arrives paid in full: nothing can be short of it.)
  { from: [4], event: 'ShortPaymentReceived', actor: 'bank', to: 12, kind: 'order' },
  // DESIGN.md section 10: a statement credit matched to an order awaiting money moves it as a
  // provider's payment would (in full to 4, short to 12), and is recorded in 4 and 12 as well.
  { from: [1, 2, 3, 12], event: 'BankCreditMatched', actor: 'admin', to: 4 },
  { from: [4], event: 'BankCreditMatched', actor: 'admin', to: 'same' },
  { from: [1, 2, 3, 4], event: 'BankCreditMatched', actor: 'admin', to: 12, kind: 'order' },
  { from: [12], event: 'BankCreditMatched', actor: 'admin', to: 'same' },
  // A refund of money held beyond what is due (or, in 9, of everything kept), in any status that is not final.
  { from: [4, 5, 6, 9, 13], event: 'RefundRecorded', actor: 'admin', to: 'same' },
  { from: [4, 5, 6], event: 'MoreMaterialsRequested', actor: 'bank', to: 13 },
  { from: [4], event: 'OrderStatusSet', actor: 'admin', sets: 5, to: 5 },
  { from: [4, 5], event: 'OrderStatusSet', actor: 'admin', sets: 6, to: 6, kind: 'order' },
  { from: [5, 6], event: 'OrderStatusSet', actor: 'admin', sets: 7, to: 7, kind: 'order' },
  { from: [4, 5, 6, 12, 13], event: 'OrderStatusSet', actor: 'admin', sets: 9, to: 9, kind: 'order' },
  { from: [9], event: 'OrderStatusSet', actor: 'admin', sets: 10, to: 10 },
  { from: [4, 5], event: 'OrderStatusSet', actor: 'admin', sets: 7, to: 7, kind: 'partner' },
  { from: [4, 5], event: 'OrderStatusSet', actor: 'admin', sets: 9, to: 9, kind: 'partner' },
  { from: [0, 1, 2, 3], event: 'OrderCancelled', actor: 'payer', to: 8 },
  { from: [1, 2, 3], event: 'OrderTimedOut', actor: 'system', to: 11 },
  // DESIGN.md: an admin can switch an order's upload link on and off; each switch is an event.
  { from: NON_FINAL, event: 'UploadLinkSwitched', actor: 'admin', to: 'same' },
  // DESIGN.md section 11: the payer and the back office write to each other on the order until it ends.
  { from: NON_FINAL, event: 'OrderMessagePosted', actor: 'payer', to: 'same' },
  { from: NON_FINAL, event: 'OrderMessagePosted', actor: 'admin', to: 'same' },
];

export interface Step {
  readonly kind: OrderKind;
  readonly from: Status | null;
  readonly event: OrderEventType;
  readonly actor: ActorRole;
  readonly sets?: number;
  readonly to: Status;
  readonly statusBefore13: Status | null;
}

/** The rows that allow this step (empty when the step is not in the table). */
export function rowsMatching(step: Step): Row[] {
  return TABLE.filter((row) => {
    if (row.kind && row.kind !== step.kind) return false;
    if (row.event !== step.event || row.actor !== step.actor) return false;
    if (!row.from.includes(step.from ?? 'none')) return false;
    if (row.sets !== undefined && row.sets !== step.sets) return false;
    if (row.to === 'same') return step.to === step.from;
    if (row.to === 'before13') return step.to === step.statusBefore13;
    return row.to === step.to;
  });
}

/** DESIGN.md: the final statuses. */
export const FINAL_STATUSES: readonly Status[] = [7, 8, 10, 11];
export const isFinal = (status: Status): boolean => FINAL_STATUSES.includes(status);

/** The statuses the table lets an admin set on an order of this kind. */
export const settableBy = (kind: OrderKind): Status[] => [
  ...new Set(TABLE.filter((row) => row.sets !== undefined && (row.kind ?? kind) === kind).map((row) => row.sets!)),
];

/** The actors the table takes an event from. */
export const actorsOf = (event: OrderEventType): ActorRole[] => [
  ...new Set(TABLE.filter((row) => row.event === event).map((row) => row.actor)),
];
