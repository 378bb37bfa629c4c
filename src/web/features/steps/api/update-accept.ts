import type { AcceptUpdatePayload } from '../../../../domain/validation/order-steps.js';
import { post } from '../../../lib/api-client.js';
import type { OrderRef } from '../../../lib/api-types.js';

/** /step/accept/update: the recipient account of step 2. */
export const updateAccept = (payload: AcceptUpdatePayload): Promise<OrderRef> => post<OrderRef>('/step/accept/update', payload);
