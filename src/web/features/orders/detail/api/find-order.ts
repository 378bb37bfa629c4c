import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';
import { orderKeys } from '../../../../lib/queries.js';
import type { OrderDetail } from '../order-detail.js';

/** POST /step/order/find {id} → the order (SPEC.md section 7). */
export const findOrder = (id: string): Promise<OrderDetail> => post<OrderDetail>('/step/order/find', { id });

export const orderDetailQuery = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => findOrder(id) });
