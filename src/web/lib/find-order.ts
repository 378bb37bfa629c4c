import { queryOptions } from '@tanstack/react-query';
import { stepEndpoints } from '../../domain/contract/endpoints/step.js';
import type { OrderView } from '../../domain/contract/order.js';
import { call } from './api-client.js';
import { orderKeys } from './queries.js';

/** One of the caller's orders (admins and auditors read any, masked): the steps and the order page share it. */
export const findOrder = (id: string): Promise<OrderView> => call(stepEndpoints.findOrder, { id });

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => findOrder(id) });
