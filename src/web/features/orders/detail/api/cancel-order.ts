import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { invalidateOrder } from '../../../../lib/queries.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** POST /step/order/cancel {id}: the owner cancels (statuses 0-3 → 8). */
export const cancelOrder = (id: string): Promise<unknown> => call(stepEndpoints.cancelOrder, { id });

/** Done once the page shows the order after the command (its buttons stay busy until then). */
export const cancelOrderMutation = () =>
  mutationOptions({ mutationFn: cancelOrder, onSuccess: (_answer, id, _result, { client }) => invalidateOrder(client, id) });
