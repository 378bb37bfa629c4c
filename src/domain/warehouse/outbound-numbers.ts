import type { EventMetadata } from '../order/events.js';

/**
 * Outbound record numbers (issue 24): the number in a CK code counts shipments 1, 2, 3 … with no
 * gap. Each number is a fact on a stream of its own, appended in the same transaction as the
 * shipment it belongs to and with that stream's expected revision: a refused shipment appends
 * nothing, a rolled-back or conflicting one takes nothing, two at once cannot take the same number
 * (one of them is decided again on the new head). The number is written into the shipment's event,
 * so it never changes, and a rebuild reads it back as it was.
 */
export const OUTBOUND_NUMBER_STREAM = 'warehouse-outbound-numbers';

export interface OutboundNumberTakenData {
  readonly number: number;
  readonly out_id: number;
  readonly in_id: number;
}
export type OutboundNumberTaken = {
  readonly type: 'OutboundNumberTaken';
  readonly data: OutboundNumberTakenData;
  readonly meta: EventMetadata;
};

/**
 * The number after the last one taken. The first number continues after the highest code shown
 * before numbers were counted (those codes carried the shared record id); they are never renumbered.
 */
export const nextOutboundNumber = (lastTaken: number | null, highestBefore: number): number =>
  lastTaken === null ? highestBefore + 1 : lastTaken + 1;
