import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';
import type { Order } from '../../../../lib/api-types.js';
import { orderKeys } from '../../../../lib/queries.js';

/** /step/order/findOrders: the signed-in user's orders, newest first. */
export const findOrders = async (): Promise<Order[]> => (await post<Order[] | null>('/step/order/findOrders')) ?? [];

export const ordersQuery = () => queryOptions({ queryKey: orderKeys.list, queryFn: findOrders });
