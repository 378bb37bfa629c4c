import { Accordion } from 'radix-ui';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { displayOfStatus } from '../../../domain/order/progress.js';
import { isStatus } from '../../../domain/order/status.js';
import { errorText } from '../../components/documents/document-uploader.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import * as panel from '../../components/panel.css.js';
import { PanelTrigger } from '../../components/panel-trigger.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/session.js';
import { abilitiesOf } from './detail/abilities.js';
import { findOrder } from './detail/api/find-order.js';
import { DeadlineBanner } from './detail/deadline-banner.js';
import { useDevNotice } from './detail/dev-notice.js';
import { DocumentsPanel } from './detail/documents-panel.js';
import { InstitutionCard } from './detail/institution-card.js';
import { ManagementColumn } from './detail/management-column.js';
import { orderDetailMessages } from './detail/messages.js';
import * as styles from './detail/order-detail.css.js';
import { OrderFiles } from './detail/order-files.js';
import { OrderProgress } from './detail/order-progress.js';
import { PaymentPanel } from './detail/payment-panel.js';

type PageState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly text: string }
  | { readonly kind: 'ready'; readonly order: OrderView };

/**
 * /order/:id and /step/order/:id (SPEC.md "Order detail"): deadline banner, progress, the
 * payment and document panels, files, recipient institution and the management column.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const t = useT(orderDetailMessages);
  const tc = useT(commonMessages);
  const notify = useNotify();
  const { user } = useSession();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [devNoticeAt, showDevNotice] = useDevNotice();

  // Effect events: the order is loaded again when it changes, not when the language does.
  const noIdText = useEffectEvent(() => t('error.noId'));
  const toastLoadFailure = useEffectEvent((error: unknown) => {
    // A 401 already logs out and goes to /login: no toast for it.
    if (!(error instanceof ApiError && error.status === 401)) notify.error(errorText(error));
  });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    if (!id) {
      setState({ kind: 'failed', text: noIdText() });
      return;
    }
    findOrder(id).then(
      (order) => current && setState({ kind: 'ready', order }),
      (error: unknown) => {
        if (!current) return;
        toastLoadFailure(error);
        setState({ kind: 'failed', text: errorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  /** After an action: the page keeps showing the order while the new one loads. */
  const reload = useCallback(async () => {
    try {
      const order = await findOrder(id);
      setState({ kind: 'ready', order });
    } catch (error) {
      notify.error(errorText(error));
    }
  }, [id, notify]);

  const onFilesChange = useCallback(
    (jsfile: readonly FileEntry[]) => setState((current) => (current.kind === 'ready' ? { kind: 'ready', order: { ...current.order, jsfile: [...jsfile] } } : current)),
    [],
  );

  const order = state.kind === 'ready' ? state.order : null;
  const abilities = useMemo(() => (order ? abilitiesOf(order, user?.id ?? null, new Date().toISOString()) : null), [order, user]);

  if (state.kind === 'loading') {
    return (
      <div className={styles.page}>
        <p className={styles.stateBox} aria-busy="true">
          {tc('common.loading')}
        </p>
      </div>
    );
  }
  if (state.kind === 'failed' || !order || !abilities || !isStatus(order.status)) {
    return (
      <div className={styles.page}>
        <div className={styles.stateBox} role="alert">
          <p>{tc('common.loadFailed')}</p>
          {state.kind === 'failed' && <p>{state.text}</p>}
          <Button variant="secondary" onClick={() => void reload()}>
            {tc('common.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const status = order.status;
  const display = displayOfStatus(status);
  const openPanel = display.panel === null ? [] : [`panel-${display.panel}`];

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{t('page.title')}</h1>
          <p className={styles.orderNo}>{t('page.orderNo', { id: order.id })}</p>
        </div>
        <div className={styles.titleActions}>
          <button type="button" className={styles.smallButton} onClick={() => void reload()}>
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
            {status > 1 && (
              <Accordion.Item value="panel-2" className={panel.item} data-testid="panel-2">
                <PanelTrigger>{t('panel.documents')}</PanelTrigger>
                <Accordion.Content forceMount className={panel.content}>
                  <DocumentsPanel order={order} abilities={abilities} onFilesChange={onFilesChange} reload={reload} />
                </Accordion.Content>
              </Accordion.Item>
            )}
          </Accordion.Root>
          <OrderFiles files={order.jsfile} />
          <InstitutionCard order={order} />
        </div>
        <aside className={styles.aside}>
          <ManagementColumn orderId={order.id} mayCancel={abilities.cancel} devNoticeAt={devNoticeAt} showDevNotice={showDevNotice} onCancelled={reload} />
        </aside>
      </div>
    </div>
  );
}
