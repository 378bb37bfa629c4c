import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../../domain/order/progress.js';
import { isStatus } from '../../../../domain/order/status.js';
import { commonMessages } from '../../../i18n/common-messages.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { useInstitutionName } from '../../../lib/institution-name.js';
import { useSession } from '../../../lib/session.js';
import { abilitiesOf } from '../detail/abilities.js';
import { CancelOrderAction } from './cancel-order-action.js';
import { orderTarget } from './order-target.js';
import { ordersListMessages } from './messages.js';
import * as styles from './orders-list.css.js';

/** Colour of the status, as the machine tags it: needs the payer, in progress, done, or ended. */
function tone(status: number): keyof typeof styles.badge {
  if (!isStatus(status)) return 'progress';
  if (statusHasTag(status, ORDER_TAGS.awaitsPayer)) return 'action';
  if (statusHasTag(status, ORDER_TAGS.settled)) return 'done';
  if (statusHasTag(status, ORDER_TAGS.ended)) return 'ended';
  return 'progress';
}

/**
 * One order: its status label, 'remit {amount} to {institution}', a view-details link and, where
 * the order machine lets the payer cancel it (a draft, say), a cancel action.
 */
export function OrderRow({ order }: { order: OrderView }) {
  const t = useT(ordersListMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const { user } = useSession();
  const userId = user?.id ?? null;
  // The same question the order page asks, so both offer cancelling in the same statuses.
  const mayCancel = useMemo(() => abilitiesOf(order, userId, new Date().toISOString()).cancel, [order, userId]);
  const view = useRef<HTMLAnchorElement>(null);
  const mayCancelBefore = useRef(mayCancel);
  useEffect(() => {
    // A cancel removes the button that had focus (the row stays, with its new status): the keyboard
    // carries on from the row's link instead of starting again at the top of the page.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (mayCancelBefore.current && !mayCancel && focusLost) view.current?.focus();
    mayCancelBefore.current = mayCancel;
  }, [mayCancel]);
  const institutionName = useInstitutionName();
  const summary = t('orders.remit', {
    amount: format.money(order.amount, order.currency),
    institution: institutionName(order.resource_name, order.resource_name_en),
  });
  const created = format.date(order.created_at);
  return (
    <li className={styles.row} data-testid="order-row">
      <div className={styles.body}>
        <span className={styles.badge[tone(order.status)]}>
          {isStatus(order.status) ? tc(`order.status.${order.status}`) : String(order.status)}
        </span>
        <span className={styles.summary}>{summary}</span>
        <span className={styles.meta}>
          {order.order_no && <span data-testid="order-no">{t('orders.number', { number: order.order_no })}</span>}
          {order.cny_amount && <span>{format.money(order.cny_amount, 'CNY')}</span>}
          {created && <span>{t('orders.created', { date: created })}</span>}
        </span>
      </div>
      <div className={styles.actions}>
        <Link ref={view} to={orderTarget(order)} className={styles.view} aria-label={t('orders.viewNamed', { summary })}>
          {t('orders.view')}
        </Link>
        {mayCancel && <CancelOrderAction orderId={order.id} summary={summary} />}
      </div>
    </li>
  );
}
