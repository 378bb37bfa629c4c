import type { OrderRef } from '../../../../domain/contract/order.js';
import { post } from '../../../lib/api-client.js';

/** /step/check/update: confirms the order; the server locks the rate and CNY amount and sets the deadline. */
export const updateCheck = (id: string): Promise<OrderRef> => post<OrderRef>('/step/check/update', { id });
