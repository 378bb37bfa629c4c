import { queryOptions } from '@tanstack/react-query';
import type { OrderView } from '../../../../../domain/contract/order.js';
import { post } from '../../../../lib/api-client.js';
import { orderKeys } from '../../../../lib/queries.js';

/** /step/order/findOrders: the signed-in user's orders, newest first. */
export const findOrders = async (): Promise<OrderView[]> => (await post<OrderView[] | null>('/step/order/findOrders')) ?? [];

export const ordersQuery = () => queryOptions({ queryKey: orderKeys.list, queryFn: findOrders });
