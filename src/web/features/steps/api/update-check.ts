import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import { call } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

export interface ConfirmRequest {
  readonly id: string;
  /** The rate the payer was shown: the server refuses to lock another one (quote_changed). */
  readonly reserved_amount_rate?: string | undefined;
  /** The CNY amount the payer was shown: an amount changed meanwhile is refused too. */
  readonly cny_amount?: string | undefined;
}

/** /step/check/update: confirms the order; the server locks the rate and CNY amount and sets the deadline. */
export const updateCheck = (request: ConfirmRequest): Promise<OrderRef> => call(stepEndpoints.updateCheck, request);

export const updateCheckMutation = () =>
  mutationOptions({
    mutationFn: updateCheck,
    onSettled: (_confirmed, _error, request, _result, { client }) => void invalidateOrder(client, request.id),
  });
