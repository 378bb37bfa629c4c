import { z } from 'zod';

/** makeGoallPayLink: the URL of the provider's hosted checkout. */
export const payLink = z.string().describe('The URL of the hosted checkout page');
/** makeJiMuPayLink: the value to show as a QR code for the messenger app. */
export const scanPayment = z.string().describe('The value to show as a QR code');

/** A webhook the order took: its status after it, and what the back office should know. */
const webhookApplied = z.object({
  order_id: z.string(),
  status: z.number().int().nullable(),
  overpaid_cny: z.string().optional().describe('Money above the amount due: recorded, to be refunded'),
  duplicate_payment: z.literal(true).optional().describe('The same payment was already counted under another webhook id'),
});

/** The answer to a signed webhook (the same for every replay of its id); other event types are ignored. */
export const webhookAnswer = z.union([z.object({ ignored: z.literal(true) }), webhookApplied]);
