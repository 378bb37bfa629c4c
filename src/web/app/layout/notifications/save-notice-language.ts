import { notificationEndpoints } from '../../../../domain/contract/endpoints/notifications.js';
import type { Locale } from '../../../../domain/locale.js';
import { call } from '../../../lib/api-client.js';

/** POST /notifications/preferences {locale}: the user's notices and mails are written in this language from now on. */
export const saveNoticeLanguage = (locale: Locale) => call(notificationEndpoints.preferences, { locale });
