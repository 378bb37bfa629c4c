import type { Db } from '../../database/schema.js';
import type { NotificationView } from '../../domain/contract/endpoints/notifications.js';
import { LOCALES, type Locale } from '../../domain/index.js';
import { newestFirstPage } from '../http/newest-first-page.js';

const PAGE = 30;

export async function notificationsOf(db: Db, userId: number, cursor?: string) {
  const query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'order_id', 'order_no', 'title', 'body', 'created_at', 'read_at'])
    .where('user_id', '=', userId);
  const { page, next_cursor } = await newestFirstPage(query, 'created_at', cursor, (row) => ({ at: row.created_at, id: row.id }), PAGE);
  return {
    items: page.map((row): NotificationView => ({
      ...row,
      kind: row.kind as NotificationView['kind'],
      created_at: row.created_at.toISOString(),
      read_at: row.read_at?.toISOString() ?? null,
    })),
    next_cursor,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the user's own notifications read (others' ids are ignored); returns how many changed. */
export async function markRead(db: Db, userId: number, ids: readonly string[] | 'all', now: Date): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface Preferences {
  readonly locale: Locale;
  readonly email_off: string[];
}

export async function preferencesOf(db: Db, userId: number): Promise<Preferences | undefined> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['locale', 'email_off'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { locale: (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'zh-CN', email_off: row.email_off };
}

export async function savePreferences(db: Db, userId: number, preferences: Preferences, now: Date): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, locale: preferences.locale, email_off: preferences.email_off, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ locale: preferences.locale, email_off: preferences.email_off, updated_at: now }),
    )
    .execute();
}

export async function failedDeliveries(db: Db, cursor?: string) {
  const query = db
    .selectFrom('notification_deliveries')
    .select(['id', 'channel', 'kind', 'user_id', 'order_no', 'attempts', 'last_error', 'failed_at'])
    .where('failed_at', 'is not', null);
  const { page, next_cursor } = await newestFirstPage(
    query,
    'failed_at',
    cursor,
    (row) => ({ at: row.failed_at!, id: String(row.id) }),
    PAGE,
  );
  return { items: page.map((row) => ({ ...row, id: String(row.id), failed_at: row.failed_at!.toISOString() })), next_cursor };
}
