import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { FileStorage } from '../documents/storage.js';

type PurgeDeps = Pick<AppDeps, 'db' | 'config' | 'ids' | 'clock'>;

/**
 * What an erasure destroys outside the event log (DESIGN.md section 8), once the key is gone: the
 * bytes of the person's uploaded files (their rows keep uid and size, lose the name, and say when;
 * the events keep the hash, so verification reports the file erased), the bodies of the webhooks
 * about their orders, the payer's name, account and postscript of the statement entries credited
 * to their orders, their password-reset rows, their notifications and deliveries, the rate-limit counters and outbox mails that
 * name their address or a patient email of their orders. Each step may run again: an erasure cut
 * short is finished by erasing again.
 */
export async function purgePerson(deps: PurgeDeps, userId: number, at: Date): Promise<void> {
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  const orders = await deps.db.selectFrom('orders').select(['id', 'student_email']).where('owner_id', '=', userId).execute();
  const orderIds = orders.map((order) => order.id);
  const emails = [
    ...new Set([user?.email, ...orders.map((order) => order.student_email)].filter(isAddress).map((email) => email.toLowerCase())),
  ];
  if (orderIds.length > 0) {
    await destroyFiles(deps, orderIds, at);
    await deps.db.updateTable('webhook_receipts').set({ payload: '' }).where('order_id', 'in', orderIds).execute();
    // The bank's statement entries credited to their orders: the sender's name, account and words.
    await deps.db
      .updateTable('statement_entries')
      .set({ payer_name: '', payer_account: '', postscript: '' })
      .where('order_id', 'in', orderIds)
      .execute();
  }
  await deps.db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  // What they were told (a bank's note, their address in a mail waiting to be sent) goes with them.
  await settleDeliveries(deps, userId);
  await deps.db.deleteFrom('notification_deliveries').where('user_id', '=', userId).execute();
  await deps.db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  for (const email of emails)
    await deps.db
      .deleteFrom('rate_limits')
      .where(sql<boolean>`strpos(lower(key), ${email}) > 0`)
      .execute();
  await purgeOutbox(deps.config.mail.outboxDir, emails);
}

/**
 * No send to the person may start from now on, and one under way is let finish (a live send ends
 * within its timeout), so that the mail it writes is there for the outbox purge to find.
 */
async function settleDeliveries(deps: PurgeDeps, userId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .updateTable('notification_deliveries')
    .set({ failed_at: now, last_error: 'Erased with the person' })
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
  const liveSince = new Date(now.getTime() - 2 * deps.config.notifier.sendTimeoutMs - 60_000);
  const waitUntil = performance.now() + 2 * deps.config.notifier.sendTimeoutMs + 1_000;
  while (performance.now() < waitUntil && (await sendUnderWay(deps, userId, liveSince)))
    await new Promise((resolve) => setTimeout(resolve, 50));
}

const sendUnderWay = async (deps: PurgeDeps, userId: number, liveSince: Date): Promise<boolean> =>
  (await deps.db
    .selectFrom('notification_deliveries')
    .select('id')
    .where('user_id', '=', userId)
    .where('sending_since', '>', liveSince)
    .executeTakeFirst()) !== undefined;

/** A stored address worth looking for ('' and the erased marker are not). */
const isAddress = (value: string | null | undefined): value is string => typeof value === 'string' && value.includes('@');

async function destroyFiles(deps: PurgeDeps, orderIds: readonly string[], at: Date): Promise<void> {
  const storage = new FileStorage(deps.config.uploadDir, deps.ids);
  const files = await deps.db
    .selectFrom('stored_files')
    .select(['uid', 'storage_name'])
    .where('order_id', 'in', orderIds)
    .where('erased_at', 'is', null)
    .execute();
  for (const file of files) {
    await storage.remove(file.storage_name);
    await deps.db.updateTable('stored_files').set({ original_name: '', erased_at: at }).where('uid', '=', file.uid).execute();
  }
}

/** Mails of the development outbox (mail-transport.ts) that name one of the addresses. */
async function purgeOutbox(outboxDir: string, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const text = (await readFile(file, 'utf8').catch(() => '')).toLowerCase();
    if (emails.some((email) => text.includes(email))) await rm(file, { force: true });
  }
}
