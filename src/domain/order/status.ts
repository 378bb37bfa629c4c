/** Order status codes 0-13 (SPEC.md section 4). */
export const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
export type Status = (typeof STATUSES)[number];

export const isStatus = (value: unknown): value is Status => typeof value === 'number' && (STATUSES as readonly number[]).includes(value);

/** The machine's state names, indexed by status code. */
export const STATE_NAMES = [
  'draft',
  'awaitingPayment',
  'awaitingDocuments',
  'documentsUploaded',
  'transferred',
  'confirmingReceipt',
  'remitting',
  'complete',
  'cancelled',
  'refunding',
  'refunded',
  'timedOut',
  'awaitingTopUp',
  'awaitingMaterials',
] as const satisfies readonly string[] & { length: 14 };
export type StatusStateName = (typeof STATE_NAMES)[number];

export const stateNameOf = (status: Status): StatusStateName => STATE_NAMES[status];
