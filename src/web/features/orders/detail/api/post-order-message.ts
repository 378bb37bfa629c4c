import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';
import { call } from '../../../../lib/api-client.js';

/** POST /step/order/message {id, text}: the payer writes to the back office. */
export const postOrderMessage = (id: string, text: string): Promise<unknown> => call(stepEndpoints.postOrderMessage, { id, text });
