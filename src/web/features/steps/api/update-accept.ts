import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import type { AcceptUpdatePayload } from '../../../../domain/validation/order-steps.js';
import { call } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** /step/accept/update: the recipient account of step 2. */
export const updateAccept = (payload: AcceptUpdatePayload): Promise<OrderRef> => call(stepEndpoints.updateAccept, payload);

export const updateAcceptMutation = () =>
  mutationOptions({
    mutationFn: updateAccept,
    onSuccess: (saved, _payload, _result, { client }) => void invalidateOrder(client, saved.id),
  });
