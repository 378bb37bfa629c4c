import { z } from 'zod';
import { LOCALES } from '../../locale.js';
import { NOTIFICATION_KINDS, PAYER_KINDS } from '../../notifications/kinds.js';
import { endpoint } from '../endpoint.js';

/** One in-app notification (DESIGN.md section 11, "In-app"). */
export const notificationView = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  order_id: z.string().nullable(),
  order_no: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** A page of the list, newest first; `next_cursor` asks for the page after it (null: no more). */
export const notificationPage = z.object({ items: z.array(notificationView), next_cursor: z.string().nullable() });

const cursorRequest = z.object({ cursor: z.string().max(200).optional() }).strict();

/** Marks some (`ids`) or all (`all: true`) of the reader's notifications read. */
export const readNotificationsRequest = z
  .object({ ids: z.array(z.string().max(64)).max(200).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((request) => request.ids !== undefined || request.all === true, { message: 'ids or all' });

/** The mails a payer chose not to get (the essential ones are sent regardless) and the language of notices. */
export const notificationPreferences = z.object({
  locale: z.enum(LOCALES),
  email_off: z.array(z.enum(PAYER_KINDS)),
  essential: z.array(z.enum(PAYER_KINDS)),
});
export const notificationPreferencesRequest = z
  .object({ locale: z.enum(LOCALES).optional(), email_off: z.array(z.enum(PAYER_KINDS)).max(PAYER_KINDS.length).optional() })
  .strict();

/** A delivery that failed after its last try: what admins see to follow it up by hand. */
export const failedDeliveryView = z.object({
  id: z.string(),
  channel: z.enum(['email', 'wechat']),
  kind: z.string(),
  user_id: z.number(),
  order_no: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  failed_at: z.string(),
});

export const notificationEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/api/v1/notifications',
    access: 'signedIn',
    body: cursorRequest.optional(),
    data: notificationPage,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/v1/notifications/read',
    access: 'signedIn',
    body: readNotificationsRequest,
    data: z.object({ count: z.number() }),
  }),
  unread: endpoint({ method: 'GET', path: '/api/v1/notifications/unread', access: 'signedIn', data: z.object({ count: z.number() }) }),
  preferences: endpoint({
    method: 'POST',
    path: '/api/v1/notifications/preferences',
    access: 'signedIn',
    body: notificationPreferencesRequest.optional(),
    data: notificationPreferences,
  }),
  failed: endpoint({
    method: 'POST',
    path: '/api/v1/manage/notifications/failed',
    access: { allow: ['backOffice.read'] },
    body: cursorRequest.optional(),
    data: z.object({ items: z.array(failedDeliveryView), next_cursor: z.string().nullable() }),
  }),
};
