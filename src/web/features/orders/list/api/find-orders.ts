import { queryOptions } from '@tanstack/react-query';
import type { OrderView } from '../../../../../domain/contract/order.js';
import { call } from '../../../../lib/api-client.js';
import { orderKeys } from '../../../../lib/queries.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** /step/order/findOrders: the signed-in user's orders, newest first. */
export const findOrders = async (): Promise<OrderView[]> => (await call(stepEndpoints.findOrders)) ?? [];

export const ordersQuery = () => queryOptions({ queryKey: orderKeys.list, queryFn: findOrders });
