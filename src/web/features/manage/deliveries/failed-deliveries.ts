import { infiniteQueryOptions } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';

/** POST /manage/notifications/failed {cursor?}: deliveries given up after their last try, newest first. */
export const failedDeliveriesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['manage', 'notifications', 'failed'],
    queryFn: ({ pageParam }) => call(notificationEndpoints.failed, pageParam ? { cursor: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
