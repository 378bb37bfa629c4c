import { z } from 'zod';
import { MESSAGE_MAX_CHARACTERS } from '../order/order-messages.js';
import { orderIdField, requiredText } from '../validation/fields.js';

/** A message the payer or the back office posts on an order (DESIGN.md section 11). */
export const postMessagePayload = z.object({ id: orderIdField, text: requiredText(MESSAGE_MAX_CHARACTERS) });
export type PostMessagePayload = z.infer<typeof postMessagePayload>;

/** One message of an order's thread, oldest first in a list. */
export const orderMessageView = z.object({
  id: z.string(),
  side: z.enum(['payer', 'back_office']).describe('who wrote it: the payer, or the back office'),
  author_name: z.string().describe("the writer's name as the reader may see it ('' where a payer reads the back office's)"),
  text: z.string().describe('masked for an auditor'),
  at: z.string().describe('ISO-8601 instant'),
});
export type OrderMessageView = z.infer<typeof orderMessageView>;

export const postedMessage = z.object({ id: z.string().describe('the order'), message_id: z.string() });
