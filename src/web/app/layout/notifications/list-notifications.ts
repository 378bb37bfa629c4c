import { queryOptions } from '@tanstack/react-query';
import { notificationEndpoints, type NotificationView } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';
import { notificationKeys } from './unread-count.js';

/** POST /notifications: the newest page of the signed-in user's notifications. */
export const listQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async (): Promise<NotificationView[]> => (await call(notificationEndpoints.list, {})).items,
  });
