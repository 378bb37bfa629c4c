import { post } from '../../../lib/api-client.js';
import type { Order } from '../../../lib/api-types.js';

/** /step/order/find: one of the caller's orders. */
export const findOrder = (id: string): Promise<Order> => post<Order>('/step/order/find', { id });
