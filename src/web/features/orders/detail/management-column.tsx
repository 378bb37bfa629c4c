import { useT } from '../../../i18n/i18n.js';
import { CancelOrderDialog } from './cancel-order-dialog.js';
import { orderDetailMessages } from './messages.js';
import { OrderReceiptButton } from './order-receipt-button.js';
import * as styles from './order-detail.css.js';

type PlaceholderKey = 'manage.changeMethod' | 'manage.viewInfo' | 'manage.cancel' | 'manage.share';

/**
 * The management column (SPEC.md "Order detail"): four links that only say '功能开发中..', except
 * cancel, which is real wherever the order machine allows it.
 */
export function ManagementColumn({
  orderId,
  mayCancel,
  devNoticeAt,
  showDevNotice,
}: {
  orderId: string;
  mayCancel: boolean;
  devNoticeAt: string | null;
  showDevNotice: (where: string) => void;
}) {
  const t = useT(orderDetailMessages);
  const placeholder = (key: PlaceholderKey) => (
    <button type="button" className={styles.manageLink.disabled} aria-disabled="true" onClick={() => showDevNotice('manage')}>
      {t(key)}
    </button>
  );
  return (
    <section className={styles.card} aria-labelledby="manage-title" data-testid="management">
      <h2 id="manage-title" className={styles.cardTitle}>
        {t('manage.title')}
      </h2>
      <ul className={styles.manageList}>
        <li>{placeholder('manage.changeMethod')}</li>
        <li>{placeholder('manage.viewInfo')}</li>
        <li>{mayCancel ? <CancelOrderDialog orderId={orderId} /> : placeholder('manage.cancel')}</li>
        <li>{placeholder('manage.share')}</li>
        <li>
          <OrderReceiptButton orderId={orderId} />
        </li>
      </ul>
      <p className={styles.devNote} role="status">
        {devNoticeAt === 'manage' ? t('manage.underDevelopment') : ''}
      </p>
    </section>
  );
}
