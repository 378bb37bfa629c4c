import { isEssential, notificationText, wordNotice, type Notice } from '../../domain/index.js';
import type { Config } from '../../config.js';
import type { DeliveryPayload } from '../../database/notification-tables.js';
import type { Db } from '../../database/schema.js';
import type { Clock, Ids } from '../deps.js';
import { framedMail } from './mail-frame.js';
import { adminRecipients, insertDelivery, insertNotification, payerRecipient, type Recipient } from './notifications-repository.js';

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

const recipientsOf = (db: Db, notice: Notice) =>
  notice.to === 'admins' ? adminRecipients(db, notice.except) : payerRecipient(db, notice.to.payer);

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
 * only, a delivery per channel they can be reached on, worded in their language. Run in the
 * transaction that moves the notifier's checkpoint past their source.
 */
export async function raiseNotices(db: Db, deps: RaiseDeps, notices: readonly Notice[]): Promise<number> {
  let raised = 0;
  const now = deps.clock.now();
  for (const notice of notices) {
    for (const recipient of await recipientsOf(db, notice)) {
      const { title, body } = wordNotice(notice, recipient.locale);
      const fresh = await insertNotification(db, {
        id: deps.ids.uuid(),
        user_id: recipient.id,
        source_key: notice.key,
        kind: notice.kind,
        order_id: notice.order?.id ?? null,
        order_no: notice.order?.no ?? null,
        title,
        body,
        created_at: now,
      });
      if (!fresh) continue;
      raised += 1;
      for (const payload of payloadsFor(deps, notice, recipient)) {
        await insertDelivery(db, {
          source_key: notice.key,
          user_id: recipient.id,
          kind: notice.kind,
          order_no: notice.order?.no ?? null,
          payload,
          created_at: now,
        });
      }
    }
  }
  return raised;
}
