import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';
import { invalidateOrder } from '../../../../lib/queries.js';

/** POST /step/order/finishUpload {id}: documents are complete (status 2 → 3). */
export const finishUpload = (id: string): Promise<unknown> => post('/step/order/finishUpload', { id });

/** Done once the page shows the order after the command (its buttons stay busy until then). */
export const finishUploadMutation = () =>
  mutationOptions({ mutationFn: finishUpload, onSuccess: (_answer, id, _result, { client }) => invalidateOrder(client, id) });
