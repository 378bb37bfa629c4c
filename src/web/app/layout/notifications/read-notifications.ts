import type { QueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';
import { notificationKeys } from './unread-count.js';

/** POST /notifications/read: some (or all) of the reader's notifications read; the bell asks again. */
export async function readNotifications(client: QueryClient, which: { ids: string[] } | { all: true }): Promise<void> {
  await call(notificationEndpoints.read, which);
  await client.invalidateQueries({ queryKey: notificationKeys.all });
}
