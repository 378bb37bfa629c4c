import type { Message } from '../messages/message.js';
import type { OrderCommandRefused } from './refusal.js';

/**
 * What a refusal tells the payer (texts: messages/refusal-texts.ts). The amount refusals name the
 * currency, a refusal about money names what is due, received, refunded and refundable; the other
 * texts have no placeholder and ignore them.
 */
export const refusalMessage = (error: OrderCommandRefused): Message => ({
  key: `refusal.${error.reason}`,
  params: {
    currency: String(error.details.currency ?? ''),
    due_cny: String(error.details.due_cny ?? ''),
    received_cny: String(error.details.received_cny ?? ''),
    refunded_cny: String(error.details.refunded_cny ?? ''),
    refundable_cny: String(error.details.refundable_cny ?? ''),
  },
});
