import { useParams } from 'react-router-dom';
import { isStatus } from '../../../domain/order/status.js';
import type { OrderView } from '../../../domain/contract/order.js';
import { compareMoney } from '../../../domain/money.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../domain/order/progress.js';
import { OrderProgress } from '../../components/order-progress/order-progress.js';
import { OrderThread } from '../../components/order-thread/order-thread.js';
import { findOrderMessages } from './detail/api/find-order-messages.js';
import { postOrderMessage } from './detail/api/post-order-message.js';
import { DeadlineBanner } from './detail/deadline-banner.js';
import { useDevNotice } from './detail/dev-notice.js';
import { InstitutionCard } from './detail/institution-card.js';
import { ManagementColumn } from './detail/management-column.js';
import * as styles from './detail/order-detail.css.js';
import { OrderPanels } from './detail/order-panels.js';
import { OrderLoadFailed, OrderLoading } from './detail/order-state-box.js';
import { OrderTitleRow } from './detail/order-title-row.js';
import { useLiveOrder } from './detail/use-live-order.js';

/**
 * /order/:id and /step/order/:id (SPEC.md "Order detail"): deadline banner, progress, the
 * payment and document panels, files, recipient institution and the management column. The order
 * is read again whenever the payer comes back to the tab (after paying in another one, say).
 */
/** The money due has arrived (not only been declared): status 4 then says so. */
const moneyReceived = (order: OrderView): boolean =>
  compareMoney(order.paid_cny, '0') > 0 && compareMoney(order.outstanding_cny, '0') === 0;

export default function OrderPage() {
  const { id = '' } = useParams();
  const [devNoticeAt, showDevNotice] = useDevNotice();
  const { order, abilities, failure, reload } = useLiveOrder(id);

  if (failure === null && !order) return <OrderLoading />;
  if (failure !== null || !order || !abilities || !isStatus(order.status)) return <OrderLoadFailed failure={failure} onRetry={reload} />;

  const status = order.status;
  return (
    <div className={styles.page}>
      <OrderTitleRow order={order} onRefresh={reload} devNoticeAt={devNoticeAt} showDevNotice={showDevNotice} />
      <DeadlineBanner order={order} paymentDue={abilities.paymentDue} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <OrderProgress status={status} received={moneyReceived(order)} />
          <OrderPanels order={order} status={status} abilities={abilities} />
          <OrderThread
            orderId={order.id}
            reader="payer"
            bankNote={statusHasTag(status, ORDER_TAGS.materialsRequested) ? order.materials_note : null}
            mayPost={abilities.postMessage}
            load={findOrderMessages}
            post={postOrderMessage}
          />
          <InstitutionCard order={order} />
        </div>
        <aside className={styles.aside}>
          <ManagementColumn orderId={order.id} mayCancel={abilities.cancel} devNoticeAt={devNoticeAt} showDevNotice={showDevNotice} />
        </aside>
      </div>
    </div>
  );
}
