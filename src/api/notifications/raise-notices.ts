import { isEssential, notificationText, wordNotice, type Notice } from '../../domain/index.js';
import type { Config } from '../../config.js';
import type { DeliveryPayload } from '../../database/notification-tables.js';
import type { Db } from '../../database/schema.js';
import type { Clock, Ids } from '../deps.js';
import { framedMail } from './mail-frame.js';
import {
  adminRecipients,
  insertDeliveries,
  insertNotifications,
  notificationKey,
  payerRecipient,
  type NewNotification,
  type Recipient,
} from './notifications-repository.js';

export interface RaiseDeps {
  readonly clock: Clock;
  readonly ids: Ids;
  readonly config: Pick<Config, 'wechat' | 'notifier'>;
  publicBaseUrl(): string;
}

/** Where the notice leads: the payer's order page, the admin's order page, or the back office. */
function linkOf(deps: RaiseDeps, notice: Notice): string {
  const base = deps.publicBaseUrl();
  if (!notice.order) return `${base}/manage`;
  const id = encodeURIComponent(notice.order.id);
  return notice.to === 'admins' ? `${base}/manage/orders/${id}` : `${base}/order/${id}`;
}

/** Who a notice goes to, read once per batch for each payer and for the admins (a batch tells the same few people many times). */
class RecipientsOnce {
  readonly #read = new Map<string, Promise<Recipient[]>>();
  constructor(private readonly db: Db) {}
  of(notice: Notice): Promise<Recipient[]> {
    const key = notice.to === 'admins' ? `admins:${notice.except ?? ''}` : `payer:${notice.to.payer}`;
    let read = this.#read.get(key);
    if (!read) {
      read = notice.to === 'admins' ? adminRecipients(this.db, notice.except) : payerRecipient(this.db, notice.to.payer);
      this.#read.set(key, read);
    }
    return read;
  }
}

/** The payer's switched-off mails are not sent; the essential ones always are; admins get them all. */
const wantsMail = (recipient: Recipient, notice: Notice) =>
  recipient.email !== null && recipient.email !== '' && (isEssential(notice.kind) || !recipient.email_off.includes(notice.kind));

/** Payment due (confirmed, short, the reminder) has a template of its own; every other notice the order update. */
function templateOf(deps: RaiseDeps, notice: Notice): string | undefined {
  const { paymentDue, orderUpdate } = deps.config.notifier.wechatTemplates;
  const due = notice.kind === 'order_confirmed' || notice.kind === 'money_short' || notice.kind === 'deadline_reminder';
  return (due ? paymentDue : undefined) ?? orderUpdate;
}

function payloadsFor(deps: RaiseDeps, notice: Notice, recipient: Recipient): DeliveryPayload[] {
  const { title, body } = wordNotice(notice, recipient.locale);
  const url = linkOf(deps, notice);
  const payloads: DeliveryPayload[] = [];
  if (wantsMail(recipient, notice)) {
    const t = (key: 'mail.open' | 'mail.openConsole' | 'mail.footer') => notificationText(key, recipient.locale);
    const mail = framedMail({
      to: recipient.email!,
      lang: recipient.locale,
      subject: title,
      title,
      paragraphs: [body],
      link: { url, label: t(notice.order ? 'mail.open' : 'mail.openConsole') },
      footnote: t('mail.footer'),
    });
    payloads.push({ channel: 'email', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? '' });
  }
  const template = templateOf(deps, notice);
  // Only an openid of the official account can be messaged: a QR-code login's openid belongs to the website app.
  if (recipient.wechat_mp_openid && template && deps.config.wechat.insideApp) {
    payloads.push({
      channel: 'wechat',
      openid: recipient.wechat_mp_openid,
      template_id: template,
      url,
      data: { first: { value: title }, keyword1: { value: notice.order?.no ?? '' }, keyword2: { value: body }, remark: { value: '' } },
    });
  }
  return payloads;
}

/**
 * Writes what the notices tell: for each recipient the in-app notification and, the first time
 * only, a delivery per channel they can be reached on, worded in their language. Set-wise (a
 * statement for the notifications, one for the deliveries), so a batch of events costs a few round
 * trips, not a few per notice. Run in the transaction that moves the notifier's checkpoint past
 * their source. Returns how many notifications were new.
 */
export async function raiseNotices(db: Db, deps: RaiseDeps, notices: readonly Notice[]): Promise<number> {
  const now = deps.clock.now();
  const recipients = new RecipientsOnce(db);
  const told: { notice: Notice; recipient: Recipient; row: NewNotification }[] = [];
  const keys = new Set<string>();
  for (const notice of notices) {
    for (const recipient of await recipients.of(notice)) {
      // The same source tells a person once, however often it is in the batch.
      const key = notificationKey(notice.key, recipient.id);
      if (keys.has(key)) continue;
      keys.add(key);
      const { title, body } = wordNotice(notice, recipient.locale);
      const row: NewNotification = {
        id: deps.ids.uuid(),
        user_id: recipient.id,
        source_key: notice.key,
        kind: notice.kind,
        order_id: notice.order?.id ?? null,
        order_no: notice.order?.no ?? null,
        title,
        body,
        created_at: now,
      };
      told.push({ notice, recipient, row });
    }
  }
  const fresh = await insertNotifications(
    db,
    told.map((each) => each.row),
  );
  const firstTime = told.filter((each) => fresh.has(notificationKey(each.row.source_key, each.row.user_id)));
  const deliveries = firstTime.flatMap(({ notice, recipient }) =>
    payloadsFor(deps, notice, recipient).map((payload) => ({
      source_key: notice.key,
      user_id: recipient.id,
      kind: notice.kind,
      order_no: notice.order?.no ?? null,
      payload,
      created_at: now,
    })),
  );
  await insertDeliveries(db, deliveries);
  return firstTime.length;
}
