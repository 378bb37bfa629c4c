import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import type { Order } from '../../../lib/api-types.js';
import { orderKeys } from '../../../lib/queries.js';

/** /step/order/find: one of the caller's orders. */
export const findOrder = (id: string): Promise<Order> => post<Order>('/step/order/find', { id });

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => findOrder(id) });
