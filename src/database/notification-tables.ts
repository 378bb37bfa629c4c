import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Notifications (migration 0034; DESIGN.md section 11). */

/** One in-app notification of one user. */
export interface NotificationsTable {
  id: string;
  user_id: number;
  /** What raised it (an event id, `statement-entry:…`, `deadline:…`): unique with the user. */
  source_key: string;
  kind: string;
  order_id: string | null;
  order_no: string | null;
  title: string;
  body: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** A mail or a WeChat message, as it will be sent (worded when the notice was raised). */
export type DeliveryPayload =
  | { readonly channel: 'email'; readonly to: string; readonly subject: string; readonly text: string; readonly html: string }
  | {
      readonly channel: 'wechat';
      readonly openid: string;
      readonly template_id: string;
      readonly url: string;
      readonly data: Readonly<Record<string, { readonly value: string }>>;
    };

/** One channel's delivery of one notice to one user: at most one per (source, user, channel). */
export interface NotificationDeliveriesTable {
  /** bigserial: read as a decimal string. */
  id: Generated<string>;
  source_key: string;
  user_id: number;
  channel: 'email' | 'wechat';
  kind: string;
  order_no: string | null;
  payload: Json<DeliveryPayload>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  /** Set after the last try: shown to admins as failed. */
  failed_at: Timestamp | null;
  /** When the try under way began; null between tries (migration 0043). */
  sending_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}

/** The payer's language for notices and the mails they switched off (the essential ones cannot be). */
export interface NotificationPreferencesTable {
  user_id: number;
  locale: ColumnType<string, string | undefined, string>;
  email_off: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
}
