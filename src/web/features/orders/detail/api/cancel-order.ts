import { post } from '../../../../lib/api-client.js';

/** POST /step/order/cancel {id}: the owner cancels (statuses 0-3 → 8). */
export const cancelOrder = (id: string): Promise<unknown> => post('/step/order/cancel', { id });
