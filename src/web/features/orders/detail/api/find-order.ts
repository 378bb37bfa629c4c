import { queryOptions } from '@tanstack/react-query';
import type { OrderView } from '../../../../../domain/contract/order.js';
import { post } from '../../../../lib/api-client.js';
import { orderKeys } from '../../../../lib/queries.js';

/** POST /step/order/find {id} → the order (SPEC.md section 7). */
export const findOrder = (id: string): Promise<OrderView> => post<OrderView>('/step/order/find', { id });

export const orderDetailQuery = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => findOrder(id) });
