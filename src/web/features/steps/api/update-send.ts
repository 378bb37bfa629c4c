import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import type { SendUpdatePayload } from '../../../../domain/validation/order-steps.js';
import { call } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** /step/send/update: patient and payer details of step 3. */
export const updateSend = (payload: SendUpdatePayload): Promise<OrderRef> => call(stepEndpoints.updateSend, payload);

export const updateSendMutation = () =>
  mutationOptions({ mutationFn: updateSend, onSuccess: (saved, _payload, _result, { client }) => void invalidateOrder(client, saved.id) });
