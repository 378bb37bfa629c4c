import type { Message } from '../messages/message.js';
import type { OrderCommandRefused } from './refusal.js';

/**
 * What a refusal tells the payer (texts: messages/refusal-texts.ts). The amount refusals name the
 * currency, a move refused for missing money names what is due and what was received; the other
 * texts have no placeholder and ignore them.
 */
export const refusalMessage = (error: OrderCommandRefused): Message => ({
  key: `refusal.${error.reason}`,
  params: {
    currency: String(error.details.currency ?? ''),
    due_cny: String(error.details.due_cny ?? ''),
    received_cny: String(error.details.received_cny ?? ''),
  },
});
