import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';
import type { OrderMessageView } from '../../../../../domain/contract/order-messages.js';
import { call } from '../../../../lib/api-client.js';

/** POST /step/order/messages {id}: the order's thread as its payer reads it. */
export const findOrderMessages = (id: string): Promise<OrderMessageView[]> => call(stepEndpoints.orderMessages, { id });
