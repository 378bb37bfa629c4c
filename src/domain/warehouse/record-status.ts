/** An inbound record's status (SPEC.md "Inbound record status labels"): valid, or void once voided. Not an order status. */
export const RECORD_STATUS = { void: 0, valid: 1 } as const;

/** Whether an inbound record still counts (it has not been voided). */
export const isValidRecord = (record: { readonly status: number | null }): boolean => record.status === RECORD_STATUS.valid;
