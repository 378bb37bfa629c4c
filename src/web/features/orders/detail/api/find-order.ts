import { post } from '../../../../lib/api-client.js';
import type { OrderDetail } from '../order-detail.js';

/** POST /step/order/find {id} → the order (SPEC.md section 7). */
export const findOrder = (id: string): Promise<OrderDetail> => post<OrderDetail>('/step/order/find', { id });
