import type { OrderView } from '../../../../domain/contract/order.js';
import { compareMoney } from '../../../../domain/money.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { isTagged } from '../../../../domain/order/progress.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/**
 * While payment is due: what is still to pay (at 12, the shortfall). Only where the machine times
 * the order out does it name the deadline and the cancellation; elsewhere it threatens nothing.
 */
export function DeadlineBanner({ order, paymentDue }: { order: OrderView; paymentDue: boolean }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  if (!paymentDue) return null;
  const amount = format.money(order.outstanding_cny, 'CNY');
  const timesOut = isTagged(order.status, ORDER_TAGS.timesOut) && order.deadline_date !== null;
  const partlyPaid = compareMoney(order.paid_cny, '0') > 0;
  if (!timesOut && !partlyPaid) return null;
  return (
    <div className={styles.banner} role="note" data-testid="deadline-banner">
      <svg className={styles.bannerIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span>
        {timesOut
          ? t('banner.deadline', { date: format.dateTime(order.deadline_date), amount })
          : t('banner.topUp', { paid: format.money(order.paid_cny, 'CNY'), amount })}
      </span>
    </div>
  );
}
