import { queryOptions } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

/** How often the bell asks again: new notices arrive without a reload, at one small call a minute. */
const POLL_MS = 60_000;

/** GET /notifications/unread: the bell's count. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await call(notificationEndpoints.unread)).count,
    refetchInterval: POLL_MS,
  });
