import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** The page title with the order number, refreshing, and closing (not built yet: it says so). */
export function OrderTitleRow({
  order,
  onRefresh,
  devNoticeAt,
  showDevNotice,
}: {
  order: OrderView;
  onRefresh: () => void;
  devNoticeAt: string | null;
  showDevNotice: (where: string) => void;
}) {
  const t = useT(orderDetailMessages);
  return (
    <>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{t('page.title')}</h1>
          <p className={styles.orderNo}>{t('page.orderNo', { id: order.order_no || order.id })}</p>
        </div>
        <div className={styles.titleActions}>
          <button type="button" className={styles.smallButton} onClick={onRefresh}>
            {t('page.refresh')}
          </button>
          <button type="button" className={styles.smallButton} onClick={() => showDevNotice('close')}>
            {t('page.close')}
          </button>
        </div>
      </div>
      {devNoticeAt === 'close' && (
        <p className={styles.devNote} role="status">
          {t('manage.underDevelopment')}
        </p>
      )}
    </>
  );
}
