import type { Locale } from '../locale.js';
import { STATUS_TEXTS } from '../order/status-texts.js';
import { isStatus } from '../order/status.js';
import type { Notice, NoticeFacts } from './notice.js';
import { NOTIFICATION_TEXTS, type NotificationTextKey } from './texts.js';

interface Worded {
  readonly title: string;
  readonly body: string;
}

const GROUPING: Readonly<Record<Locale, { readonly thousands: string; readonly decimal: string }>> = {
  'zh-CN': { thousands: ',', decimal: '.' },
  'en-US': { thousands: ',', decimal: '.' },
  'de-DE': { thousands: '.', decimal: ',' },
};

/** A CNY amount as the reader writes it: 86623.28 → "86,623.28" (German "86.623,28"). */
export function groupedAmount(amount: string, locale: Locale): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const { thousands, decimal } = GROUPING[locale];
  const whole = match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${match[1]}${whole}${match[3] === undefined ? '' : `${decimal}${match[3]}`}`;
}

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A notification text of the frame (the mail's button, its footer) in a language. */
export const notificationText = (key: NotificationTextKey, locale: Locale): string => NOTIFICATION_TEXTS[locale][key];

/** The notice's figures as texts fill them in: CNY amounts grouped for the reader. */
function readableFacts(facts: NoticeFacts, locale: Locale): Record<string, string> {
  const readable: Record<string, string> = {};
  for (const [name, value] of Object.entries(facts) as [string, string][]) {
    readable[name] = name.endsWith('_cny') ? groupedAmount(value, locale) : value;
  }
  return readable;
}

/** A notice worded in the recipient's language: its title and body with its figures filled in. */
export function wordNotice(notice: Notice, locale: Locale): Worded {
  const status = Number(notice.facts.status);
  const values: Record<string, string> = {
    ...readableFacts(notice.facts, locale),
    order_no: notice.order?.no ?? '',
    status_text: isStatus(status) ? STATUS_TEXTS[locale][`order.status.${status}`] : '',
  };
  const texts = NOTIFICATION_TEXTS[locale];
  return {
    title: fill(texts[`${notice.kind}.title`], values),
    body: fill(texts[`${notice.kind}.body`], values),
  };
}
