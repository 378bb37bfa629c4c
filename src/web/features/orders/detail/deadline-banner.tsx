import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** 'Pay {amount} before {date} or the order is cancelled': only while payment is due. */
export function DeadlineBanner({ order, paymentDue }: { order: OrderView; paymentDue: boolean }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  if (!paymentDue || !order.deadline_date) return null;
  return (
    <div className={styles.banner} role="note" data-testid="deadline-banner">
      <svg className={styles.bannerIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span>
        {t('banner.deadline', { date: format.dateTime(order.deadline_date), amount: format.money(order.cny_amount ?? '0', 'CNY') })}
      </span>
    </div>
  );
}
