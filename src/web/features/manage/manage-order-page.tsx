import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { isTagged } from '../../../domain/order/progress.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useSession } from '../../lib/session.js';
import { accessOf } from './access.js';
import { manageOrderQuery } from './api/orders.js';
import { AttachmentsDialog } from './attachments-dialog.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { StatusControl } from './status-control.js';
import { useStatusText } from './status-label.js';
import { UploadLinkControl } from './upload-link-control.js';
import { FundsPanel } from './order/funds-panel.js';
import { orderPageMessages } from './order/messages.js';
import { OrderFields } from './order/order-fields.js';
import { OrderHistory } from './order/order-history.js';
import { OrderThread } from '../../components/order-thread/order-thread.js';
import { findManagedOrderMessages } from './api/find-order-messages.js';
import { postManagedOrderMessage } from './api/post-order-message.js';
import { ReceiptDownload } from './order/receipt-download.js';

/** The bank's request for more materials, when the machine says the order waits for them. */
function MaterialsNote({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  if (!isTagged(order.status, ORDER_TAGS.materialsRequested)) return null;
  return (
    <section className={styles.note} role="note" aria-label={t('materials.title')} data-testid="materials-note">
      <strong>{t('materials.title')}</strong>
      {order.materials_note && <p>{order.materials_note}</p>}
    </section>
  );
}

/** /manage/orders/:id, opened from the order tables in a new window: fields, status, link, files, history. */
export default function ManageOrderPage() {
  const { id = '' } = useParams();
  const t = useT(manageMessages);
  const to = useT(orderPageMessages);
  const statusText = useStatusText();
  const { user } = useSession();
  const access = accessOf(user);
  const query = useQuery({ ...manageOrderQuery(id), enabled: access.read && id !== '' });
  if (!access.read) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="manage-refused">
          {t('page.forbidden')}
        </div>
      </div>
    );
  }
  const order = query.data;
  if (!order)
    return (
      <div className={styles.page} aria-busy={query.isPending}>
        {query.isError ? <p role="alert">{errorText(query.error)}</p> : t('list.loading')}
      </div>
    );
  return (
    <div className={styles.page} data-testid="manage-order">
      <h1 className={styles.title}>
        {to('title', { no: order.order_no || order.id })}{' '}
        {order.kind === 'partner' && <span className={styles.badge.base}>{t('order.partner')}</span>}
      </h1>
      <div className={styles.detailGrid}>
        <div className={styles.column}>
          <MaterialsNote order={order} />
          <OrderFields order={order} />
          <OrderThread
            orderId={order.id}
            reader="back_office"
            bankNote={null}
            mayPost={access.change && !isTagged(order.status, ORDER_TAGS.ended)}
            load={findManagedOrderMessages}
            post={postManagedOrderMessage}
          />
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.history')}</h2>
            <OrderHistory order={order} />
          </section>
        </div>
        <div className={styles.sideColumn}>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('col.status')}</h2>
            <p>
              <span className={styles.badge.base} data-testid="order-status">
                {statusText(order.status)}
              </span>
            </p>
            {access.change && <StatusControl key={`${order.status}`} order={order} />}
          </section>
          <FundsPanel order={order} editable={access.change} />
          <ReceiptDownload order={order} />
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.uploadLink')}</h2>
            <UploadLinkControl order={order} editable={access.change} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.files')}</h2>
            <AttachmentsDialog order={order} editable={access.change} />
          </section>
        </div>
      </div>
    </div>
  );
}
