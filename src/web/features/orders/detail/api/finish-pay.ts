import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { invalidateOrder } from '../../../../lib/queries.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** POST /step/order/finishPay {id}: the payer says the payment is made (2, 3, 12 → 4). */
export const finishPay = (id: string): Promise<unknown> => call(stepEndpoints.finishPay, { id });

/** Done once the page shows the order after the command (its buttons stay busy until then). */
export const finishPayMutation = () =>
  mutationOptions({ mutationFn: finishPay, onSuccess: (_answer, id, _result, { client }) => invalidateOrder(client, id) });
