import { sql } from 'kysely';
import { DEFAULT_LOCALE, LOCALES, ROLE_OF_GROUP, type Locale } from '../../domain/index.js';
import type { Db } from '../../database/schema.js';
import type { DeliveryPayload } from '../../database/notification-tables.js';

/** Someone to tell, and how they can be reached. */
export interface Recipient {
  readonly id: number;
  readonly email: string | null;
  /** At the official account: the only openid a template message can go to. */
  readonly wechat_mp_openid: string | null;
  readonly locale: Locale;
  readonly email_off: readonly string[];
}

const ADMIN_GROUPS = Object.entries(ROLE_OF_GROUP)
  .filter(([, role]) => role === 'admin')
  .map(([group]) => Number(group));

const asLocale = (value: string | null): Locale =>
  (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;

/** Users who can be told: an erased person's key is gone (subject_keys.key null) and nothing reaches them any more. */
function recipientsQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('notification_preferences as p', 'p.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.wechat_mp_openid', 'p.locale', 'p.email_off'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subject_keys')
            .select(sql`1`.as('one'))
            .where('subject_keys.subject_id', '=', sql<string>`'user-' || users.id`)
            .where('subject_keys.key', 'is', null),
        ),
      ),
    );
}
type RecipientRow = {
  id: number;
  email: string | null;
  wechat_mp_openid: string | null;
  locale: string | null;
  email_off: string[] | null;
};
const toRecipient = (row: RecipientRow): Recipient => ({ ...row, locale: asLocale(row.locale), email_off: row.email_off ?? [] });

/** The payer of an order (by the user id the order carries); none when it names no user (an erased one, say). */
export async function payerRecipient(db: Db, ownerId: string): Promise<Recipient[]> {
  const id = Number(ownerId);
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  return (await recipientsQuery(db).where('users.id', '=', id).execute()).map(toRecipient);
}

/** Every admin, the one to leave out apart. */
export async function adminRecipients(db: Db, except?: string): Promise<Recipient[]> {
  let query = recipientsQuery(db).where('users.group', 'in', ADMIN_GROUPS);
  const left = Number(except);
  if (except !== undefined && Number.isSafeInteger(left)) query = query.where('users.id', '<>', left);
  return (await query.orderBy('users.id').execute()).map(toRecipient);
}

export interface NewNotification {
  readonly id: string;
  readonly user_id: number;
  readonly source_key: string;
  readonly kind: string;
  readonly order_id: string | null;
  readonly order_no: string | null;
  readonly title: string;
  readonly body: string;
  readonly created_at: Date;
}

/** Rows a statement writes at most: every bind parameter counts, and PostgreSQL takes 65,535. */
const ROWS_PER_INSERT = 1_000;

function inChunks<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) chunks.push(rows.slice(at, at + ROWS_PER_INSERT));
  return chunks;
}

/**
 * The in-app notifications, each keyed by its source (an event id, a statement entry, a deadline)
 * and user, a statement per thousand: returns the keys of those written. A source that already told
 * its user writes nothing, so a replay after a restart or a rebuild raises nothing twice.
 */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (const chunk of inChunks(rows)) {
    const inserted = await db
      .insertInto('notifications')
      .values(chunk)
      .onConflict((conflict) => conflict.columns(['source_key', 'user_id']).doNothing())
      .returning(['source_key', 'user_id'])
      .execute();
    for (const row of inserted) fresh.add(notificationKey(row.source_key, row.user_id));
  }
  return fresh;
}

export const notificationKey = (sourceKey: string, userId: number): string => `${userId}:${sourceKey}`;

export interface NewDelivery {
  readonly source_key: string;
  readonly user_id: number;
  readonly kind: string;
  readonly order_no: string | null;
  readonly payload: DeliveryPayload;
  readonly created_at: Date;
}

/** Each channel's delivery, due now; at most one per (source, user, channel). */
export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<void> {
  for (const chunk of inChunks(rows)) {
    await db
      .insertInto('notification_deliveries')
      .values(
        chunk.map((row) => ({
          ...row,
          channel: row.payload.channel,
          payload: JSON.stringify(row.payload),
          next_attempt_at: row.created_at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['source_key', 'user_id', 'channel']).doNothing())
      .execute();
  }
}

const NOTIFIER_CHECKPOINT = 'notifier';

export async function readNotifierCheckpoint(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', NOTIFIER_CHECKPOINT).executeTakeFirst();
  return row?.checkpoint;
}

export async function saveNotifierCheckpoint(db: Db, checkpoint: string, now: Date): Promise<void> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name: NOTIFIER_CHECKPOINT, checkpoint, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ checkpoint, updated_at: now }))
    .execute();
}

export interface DueDelivery {
  readonly id: string;
  readonly attempts: number;
  readonly payload: DeliveryPayload;
}

/** Deliveries whose (next) try is due, oldest first. */
export async function dueDeliveries(db: Db, now: Date, limit: number): Promise<DueDelivery[]> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select(['id', 'attempts', 'payload'])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('sending_since', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: String(row.id), attempts: row.attempts, payload: row.payload }));
}

/** A due delivery and when its next try falls, should this one fail. */
export interface Claim {
  readonly delivery: DueDelivery;
  readonly nextAttemptAt: Date;
}

/**
 * Takes tries before they are made, all in one statement: each count goes up, the next try is set
 * and the send is marked under way, so that a crash in the middle of a send is never a second copy
 * (interruptedSends). Returns the ids taken; a delivery someone else took meanwhile (its count
 * moved), sent or given up (the person erased, say) is left out and no try of it starts.
 */
export async function claimAttempts(db: Db, claims: readonly Claim[], now: Date): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = JSON.stringify(
    claims.map(({ delivery, nextAttemptAt }) => ({
      id: delivery.id,
      attempts: delivery.attempts,
      next_attempt_at: nextAttemptAt.toISOString(),
    })),
  );
  const { rows: taken } = await sql<{ id: string | number }>`
    update notification_deliveries d
    set attempts = d.attempts + 1, next_attempt_at = c.next_attempt_at, sending_since = ${now}
    from jsonb_to_recordset(${rows}::jsonb) as c(id bigint, attempts integer, next_attempt_at timestamptz)
    where d.id = c.id and d.attempts = c.attempts and d.sent_at is null and d.failed_at is null
    returning d.id`.execute(db);
  return new Set(taken.map((row) => String(row.id)));
}

/** The deliveries whose sends succeeded, in one statement. */
export async function markSent(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notification_deliveries')
    .set({ sent_at: now, last_error: null, sending_since: null })
    .where('id', '=', sql<string>`any(${[...ids]}::bigint[])`)
    .execute();
}

/** A mail server's refusal may quote the recipient: the error kept for admins (and auditors) names no address. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>');

/** A failed try: kept for the next, or (`last`) given up and shown to admins. */
export async function markAttemptFailed(db: Db, id: string, error: string, now: Date, last: boolean): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ last_error: withoutAddresses(error).slice(0, 500), sending_since: null, ...(last ? { failed_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Why a send cut short is not tried again: admins read it beside the failures. */
export const INTERRUPTED_SEND =
  'Interrupted: the process stopped while sending; the message may have been delivered, so it is not sent again';

/**
 * Sends under way since before `startedBefore` (longer than any live send can take) belong to a
 * process that stopped mid-send, perhaps after the server accepted the message: shown to admins as
 * failed, never sent again. Returns how many.
 */
export async function giveUpInterruptedSends(db: Db, startedBefore: Date, now: Date): Promise<number> {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ failed_at: now, sending_since: null, last_error: INTERRUPTED_SEND })
    .where('sending_since', '<', startedBefore)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Orders whose payment deadline falls within the window and that still time out then (the machine's statuses). */
export async function deadlinesWithin(db: Db, statuses: readonly number[], from: Date, to: Date, limit: number) {
  if (statuses.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'owner_id', 'deadline_date', 'cny_amount'])
    .where('status', 'in', [...statuses])
    .where('owner_id', '>', 0)
    .where('deadline_date', '>', from)
    .where('deadline_date', '<=', to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select(sql`1`.as('one'))
            .where(
              'source_key',
              '=',
              sql<string>`'deadline:' || orders.id || ':' || to_char(orders.deadline_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
            ),
        ),
      ),
    )
    .orderBy('deadline_date')
    .limit(limit)
    .execute();
}

/** Unmatched statement credits no admin was told of yet. */
export async function unmatchedEntriesNotTold(db: Db, limit: number) {
  return db
    .selectFrom('statement_entries')
    .select(['entry_ref', 'amount_cny'])
    .where('state', '=', 'unmatched')
    .where('direction', '=', 'credit')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select(sql`1`.as('one'))
            .where('source_key', '=', sql<string>`'statement-entry:' || statement_entries.entry_ref`),
        ),
      ),
    )
    .orderBy('imported_at')
    .limit(limit)
    .execute();
}
