import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import { call } from '../../../lib/api-client.js';

/** POST /notifications/preferences: reads (no body) or changes the mails the user gets and the language of their notices. */
export const notificationPreferences = (change?: BodyOf<typeof notificationEndpoints.preferences>) =>
  call(notificationEndpoints.preferences, change ?? {});
