import { post } from '../../../lib/api-client.js';
import type { OrderRef } from '../../../lib/api-types.js';

/** /step/check/update: confirms the order; the server locks the rate and CNY amount and sets the deadline. */
export const updateCheck = (id: string): Promise<OrderRef> => post<OrderRef>('/step/check/update', { id });
