import { mutationOptions } from '@tanstack/react-query';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';
import { call } from '../../../lib/api-client.js';
import { orderKey } from './orders.js';

export interface RefundRequest {
  readonly id: string;
  readonly amount_cny: string;
  readonly reference: string;
  readonly reason: string;
}

/** POST /manage/order/refund {id, amount_cny, reference, reason}: recorded ('已生效'), or above the limit a proposal (202). */
export const refundMutation = () =>
  mutationOptions({
    mutationFn: (request: RefundRequest) => call(manageEndpoints.refund, request),
    onSettled: (_answer, _error, { id }, _result, { client }) =>
      void client.invalidateQueries({ queryKey: ['manage'] }).then(() => client.invalidateQueries({ queryKey: orderKey(id) })),
  });
