import type { OrderView } from '../../../../domain/contract/order.js';
import { post } from '../../../lib/api-client.js';

/** /step/order/find: one of the caller's orders. */
export const findOrder = (id: string): Promise<OrderView> => post<OrderView>('/step/order/find', { id });
