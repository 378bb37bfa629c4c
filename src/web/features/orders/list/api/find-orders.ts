import { infiniteQueryOptions } from '@tanstack/react-query';
import { callPage } from '../../../../lib/api-client.js';
import { orderKeys } from '../../../../lib/queries.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** /step/order/findOrders {cursor?}: the signed-in user's orders, newest first, a page at a time. */
export const ordersQuery = () =>
  infiniteQueryOptions({
    queryKey: orderKeys.list,
    queryFn: ({ pageParam }) => callPage(stepEndpoints.findOrders, pageParam ? { cursor: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
