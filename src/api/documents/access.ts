import type { Kysely } from 'kysely';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DB, OrderRow } from '../../database/schema.js';
import { groupMayDo, message, type Actor } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import { notFound } from '../http/errors.js';

/** Whoever holds an active upload link acts as this one actor: the link is not a person. */
export const UPLOAD_LINK_ACTOR: Actor = { id: 'upload-link', role: 'uploader' };
export const payerActor = (user: AuthUser): Actor => ({ id: String(user.id), role: 'payer' });

/** The order if this user owns it; 404 otherwise, exactly as for an order that does not exist. */
export async function findOwnOrder(db: Kysely<DB>, orderId: string, user: AuthUser): Promise<OrderRow> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('owner_id', '=', user.id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The order an active public upload link belongs to; an unknown or switched-off link is 404. */
/** Tokens are made by ids.token(): URL-safe base64. Anything else names no link (and never reaches the database). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

export async function findOrderByLink(db: Kysely<DB>, token: string): Promise<OrderRow> {
  const row = !TOKEN_SHAPE.test(token)
    ? undefined
    : await db
        .selectFrom('orders')
        .selectAll()
        .where('upload_document_token', '=', token)
        .where('active_upload_document', '=', true)
        .executeTakeFirst();
  if (!row) throw notFound('upload_link_inactive', message('upload.linkInactive'));
  return row;
}

/** Compares two secrets in constant time whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Files of an order go to its owner, the roles that read every order (admins, auditors), or a holder of the order's active upload link. */
export async function mayDownload(db: Kysely<DB>, orderId: string, user: AuthUser | null, linkToken: string | undefined): Promise<boolean> {
  if (user && groupMayDo(user.group, 'orders.read')) return true;
  const order = await db
    .selectFrom('orders')
    .select(['owner_id', 'active_upload_document', 'upload_document_token'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return false;
  if (user && order.owner_id === user.id) return true;
  return Boolean(
    linkToken && order.active_upload_document && order.upload_document_token && sameSecret(linkToken, order.upload_document_token),
  );
}

/** A stored file by its public uid. */
export const findStoredFile = (db: Kysely<DB>, uid: string) =>
  db.selectFrom('stored_files').selectAll().where('uid', '=', uid).executeTakeFirst();
