import { infiniteQueryOptions } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';
import { notificationKeys } from './unread-count.js';

/** POST /notifications {cursor?}: the signed-in user's notifications, newest first, a page at a time. */
export const listQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => call(notificationEndpoints.list, pageParam ? { cursor: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
