import type { Locale } from '../locale.js';
import { STATUS_TEXTS } from '../order/status-texts.js';
import { isStatus } from '../order/status.js';
import type { Notice } from './notice.js';
import { NOTIFICATION_TEXTS, type NotificationTextKey } from './texts.js';

interface Worded {
  readonly title: string;
  readonly body: string;
}

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A notification text of the frame (the mail's button, its footer) in a language. */
export const notificationText = (key: NotificationTextKey, locale: Locale): string => NOTIFICATION_TEXTS[locale][key];

/** A notice worded in the recipient's language: its title and body with its figures filled in. */
export function wordNotice(notice: Notice, locale: Locale): Worded {
  const status = Number(notice.facts.status);
  const values: Record<string, string> = {
    ...notice.facts,
    order_no: notice.order?.no ?? '',
    status_text: isStatus(status) ? STATUS_TEXTS[locale][`order.status.${status}`] : '',
  };
  const texts = NOTIFICATION_TEXTS[locale];
  return {
    title: fill(texts[`${notice.kind}.title`], values),
    body: fill(texts[`${notice.kind}.body`], values),
  };
}
