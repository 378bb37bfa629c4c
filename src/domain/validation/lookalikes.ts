import { z } from 'zod';
import { issueMessage } from '../messages/message.js';
import { amountText } from './amount.js';
import { orderIdField, resourceIdField } from './fields.js';

const blankAsAbsent = (value: unknown) => (value === '' || value === null || value === 0 ? undefined : value);

/**
 * step/order/lookalikes: the order being made (step 4: `id`), or, before step 1 has made it, the
 * institution and amount it is about to be made for.
 */
export const lookalikesPayload = z
  .object({
    id: z.preprocess(blankAsAbsent, orderIdField.optional()),
    resource: z.preprocess(blankAsAbsent, resourceIdField.optional()),
    amount: z.preprocess(blankAsAbsent, amountText.optional()),
  })
  .superRefine((payload, ctx) => {
    if (payload.id !== undefined) return;
    if (payload.resource === undefined)
      ctx.addIssue({ code: 'custom', path: ['resource'], message: issueMessage('validation.resourceMissing') });
    if (payload.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: issueMessage('validation.amountInvalid') });
  });
export type LookalikesPayload = z.infer<typeof lookalikesPayload>;
