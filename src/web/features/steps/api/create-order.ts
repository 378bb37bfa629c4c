import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import type { AmountCreatePayload } from '../../../../domain/validation/order-steps.js';
import { call } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** /step/amount/create: a new order, or, with id, a new amount for the caller's draft order. */
export const createOrder = (payload: AmountCreatePayload): Promise<OrderRef> => call(stepEndpoints.createOrder, payload);

export const createOrderMutation = () =>
  mutationOptions({
    mutationFn: createOrder,
    onSuccess: (created, _payload, _result, { client }) => void invalidateOrder(client, created.id),
  });
