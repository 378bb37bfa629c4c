import type { OrderRef } from '../../../../domain/contract/order.js';
import type { SendUpdatePayload } from '../../../../domain/validation/order-steps.js';
import { post } from '../../../lib/api-client.js';

/** /step/send/update: patient and payer details of step 3. */
export const updateSend = (payload: SendUpdatePayload): Promise<OrderRef> => post<OrderRef>('/step/send/update', payload);
