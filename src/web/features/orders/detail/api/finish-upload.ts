import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { invalidateOrder } from '../../../../lib/queries.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** POST /step/order/finishUpload {id}: documents are complete (status 2 → 3). */
export const finishUpload = (id: string): Promise<unknown> => call(stepEndpoints.finishUpload, { id });

/** Done once the page shows the order after the command (its buttons stay busy until then). */
export const finishUploadMutation = () =>
  mutationOptions({ mutationFn: finishUpload, onSuccess: (_answer, id, _result, { client }) => invalidateOrder(client, id) });
