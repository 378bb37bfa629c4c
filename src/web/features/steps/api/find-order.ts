import { queryOptions } from '@tanstack/react-query';
import type { OrderView } from '../../../../domain/contract/order.js';
import { post } from '../../../lib/api-client.js';
import { orderKeys } from '../../../lib/queries.js';

/** /step/order/find: one of the caller's orders. */
export const findOrder = (id: string): Promise<OrderView> => post<OrderView>('/step/order/find', { id });

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => findOrder(id) });
