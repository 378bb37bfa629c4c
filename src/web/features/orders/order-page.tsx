import { useQuery } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { displayOfStatus, statusHasTag } from '../../../domain/order/progress.js';
import { isStatus } from '../../../domain/order/status.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import * as panel from '../../components/panel.css.js';
import { PanelTrigger } from '../../components/panel-trigger.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/session.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { errorText } from '../../lib/error-text.js';
import { abilitiesOf } from './detail/abilities.js';
import { orderDetailQuery } from './detail/api/find-order.js';
import { DeadlineBanner } from './detail/deadline-banner.js';
import { useDevNotice } from './detail/dev-notice.js';
import { DocumentsPanel } from './detail/documents-panel.js';
import { InstitutionCard } from './detail/institution-card.js';
import { ManagementColumn } from './detail/management-column.js';
import { orderDetailMessages } from './detail/messages.js';
import * as styles from './detail/order-detail.css.js';
import { OrderFiles } from './detail/order-files.js';
import { OrderProgress } from '../../components/order-progress/order-progress.js';
import { PaymentPanel } from './detail/payment-panel.js';

const LIVE_INTERVAL_MS = 3000;

/** An order that is neither a draft nor ended: its status can change without the payer doing anything. */
const stillMoving = (order: OrderView | undefined): boolean =>
  order !== undefined &&
  isStatus(order.status) &&
  !statusHasTag(order.status, ORDER_TAGS.editable) &&
  !statusHasTag(order.status, ORDER_TAGS.ended);

/**
 * /order/:id and /step/order/:id (SPEC.md "Order detail"): deadline banner, progress, the
 * payment and document panels, files, recipient institution and the management column. The order
 * is read again whenever the payer comes back to the tab (after paying in another one, say).
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const t = useT(orderDetailMessages);
  const tc = useT(commonMessages);
  const notify = useNotify();
  const { user } = useSession();
  const [devNoticeAt, showDevNotice] = useDevNotice();
  // Followed live while the order still moves (a payment or a bank step pending): read again every
  // few seconds, so a provider's confirmation or the bank's next step shows without a refresh.
  const query = useQuery({
    ...orderDetailQuery(id),
    enabled: id !== '',
    refetchInterval: (q) => (stillMoving(q.state.data) ? LIVE_INTERVAL_MS : false),
  });
  useReportFailure(query.error, (error) => {
    // A 401 already logs out and goes to /login: no toast for it.
    if (!(error instanceof ApiError && error.status === 401)) notify.error(errorText(error));
  });
  // A failed refetch keeps the order on screen (the toast says what went wrong).
  const order = query.data ?? null;
  const abilities = useMemo(() => (order ? abilitiesOf(order, user?.id ?? null, new Date().toISOString()) : null), [order, user]);
  const failure = !id ? t('error.noId') : query.isError && !order ? errorText(query.error) : null;
  const reload = () => void query.refetch();

  if (failure === null && !order) {
    return (
      <div className={styles.page}>
        <p className={styles.stateBox} aria-busy="true">
          {tc('common.loading')}
        </p>
      </div>
    );
  }
  if (failure !== null || !order || !abilities || !isStatus(order.status)) {
    return (
      <div className={styles.page}>
        <div className={styles.stateBox} role="alert">
          <p>{tc('common.loadFailed')}</p>
          {failure !== null && <p>{failure}</p>}
          <Button variant="secondary" onClick={reload}>
            {tc('common.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const status = order.status;
  const display = displayOfStatus(status);
  const openPanel = display.panel === null ? [] : [`panel-${display.panel}`];
  // Documents are asked for once the step flow is done (a payment method is chosen).
  const documentsShown = !statusHasTag(status, ORDER_TAGS.inStepFlow);

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{t('page.title')}</h1>
          <p className={styles.orderNo}>{t('page.orderNo', { id: order.order_no || order.id })}</p>
        </div>
        <div className={styles.titleActions}>
          <button type="button" className={styles.smallButton} onClick={reload}>
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

      <DeadlineBanner order={order} paymentDue={abilities.paymentDue} />

      <div className={styles.layout}>
        <div className={styles.column}>
          <OrderProgress status={status} />
          {/* Remounted per status, so the panel the status opens is open after every change. */}
          <Accordion.Root key={status} type="multiple" defaultValue={openPanel} className={styles.panels} data-testid="order-panels">
            <Accordion.Item value="panel-1" className={panel.item} data-testid="panel-1">
              <PanelTrigger>{t('panel.pay')}</PanelTrigger>
              <Accordion.Content forceMount className={panel.content}>
                <PaymentPanel order={order} status={status} abilities={abilities} />
              </Accordion.Content>
            </Accordion.Item>
            {documentsShown && (
              <Accordion.Item value="panel-2" className={panel.item} data-testid="panel-2">
                <PanelTrigger>{t('panel.documents')}</PanelTrigger>
                <Accordion.Content forceMount className={panel.content}>
                  <DocumentsPanel order={order} abilities={abilities} />
                </Accordion.Content>
              </Accordion.Item>
            )}
          </Accordion.Root>
          {/* The documents panel lists the files itself (with their downloads): once is enough. */}
          {!documentsShown && <OrderFiles files={order.jsfile} />}
          <InstitutionCard order={order} />
        </div>
        <aside className={styles.aside}>
          <ManagementColumn orderId={order.id} mayCancel={abilities.cancel} devNoticeAt={devNoticeAt} showDevNotice={showDevNotice} />
        </aside>
      </div>
    </div>
  );
}
