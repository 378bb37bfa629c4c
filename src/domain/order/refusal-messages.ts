import type { Message } from '../messages/message.js';
import type { OrderCommandRefused } from './refusal.js';

/**
 * What a refusal tells the payer (texts: messages/refusal-texts.ts). The amount refusals name the
 * currency; the other texts have no placeholder and ignore it.
 */
export const refusalMessage = (error: OrderCommandRefused): Message => ({
  key: `refusal.${error.reason}`,
  params: { currency: String(error.details.currency ?? '') },
});
