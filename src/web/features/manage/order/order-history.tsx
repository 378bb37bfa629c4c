import type { ManageOrderDetail } from '../../../../domain/contract/manage.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as styles from '../manage.css.js';
import { manageMessages } from '../messages.js';
import { useStatusText } from '../status-label.js';
import { orderPageMessages } from './messages.js';

type Entry = ManageOrderDetail['history'][number];
type Texts = (typeof orderPageMessages)['zh-CN'];

const known = (key: string): key is keyof Texts => key in orderPageMessages['zh-CN'];

/** An event's name and an actor's role in words; a name this page does not know yet is shown as it is. */
export function useWords() {
  const t = useT(orderPageMessages);
  return {
    event: (type: string) => (known(`event.${type}`) ? t(`event.${type}` as keyof Texts) : type),
    role: (role: string) => (known(`role.${role}`) ? t(`role.${role}` as keyof Texts) : role),
  };
}

function HistoryItem({ entry }: { entry: Entry }) {
  const t = useT(orderPageMessages);
  const format = useFormat();
  const words = useWords();
  const statusText = useStatusText();
  const moved = entry.status_before !== null && entry.status_before !== entry.status_after;
  const name = entry.actor_name.trim();
  const role = words.role(entry.actor.role);
  return (
    <li className={styles.entryItem} data-testid="history-entry">
      <div className={styles.entryHead}>
        <strong data-testid="history-event">{words.event(entry.type)}</strong>
        <span className={styles.muted}>{format.chinaTime(entry.at)}</span>
      </div>
      <div data-testid="history-actor">
        {t('history.by')}: {name && name !== role ? `${name} (${role})` : role}
      </div>
      <div className={styles.muted}>
        {moved
          ? t('history.statusChange', { before: statusText(entry.status_before ?? -1), after: statusText(entry.status_after) })
          : statusText(entry.status_after)}
      </div>
      {entry.amount_cny && <div>{t('history.amount', { amount: format.money(entry.amount_cny, 'CNY') })}</div>}
      {entry.reason && <div data-testid="history-reason">{t('history.reason', { reason: entry.reason })}</div>}
    </li>
  );
}

/** The order's events, newest first: what happened in words, who did it (name and role), reasons and amounts. */
export function OrderHistory({ order }: { order: ManageOrderDetail }) {
  const tm = useT(manageMessages);
  if (order.history.length === 0) return <p className={styles.muted}>{tm('order.historyEmpty')}</p>;
  return (
    <ol className={styles.entryList} data-testid="order-history">
      {[...order.history].reverse().map((entry) => (
        <HistoryItem key={entry.revision} entry={entry} />
      ))}
    </ol>
  );
}
