import { Accordion } from 'radix-ui';
import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { displayOfStatus, statusHasTag } from '../../../../domain/order/progress.js';
import type { Status } from '../../../../domain/order/status.js';
import * as panel from '../../../components/panel.css.js';
import { PanelTrigger } from '../../../components/panel-trigger.js';
import { useT } from '../../../i18n/i18n.js';
import type { Abilities } from './abilities.js';
import { DocumentsPanel } from './documents-panel.js';
import { orderDetailMessages } from './messages.js';
import { OrderFiles } from './order-files.js';
import { PaymentPanel } from './payment-panel.js';
import * as styles from './order-detail.css.js';

/** The payment panel and, once the step flow is done, the documents panel; the status opens the one it needs. */
export function OrderPanels({ order, status, abilities }: { order: OrderView; status: Status; abilities: Abilities }) {
  const t = useT(orderDetailMessages);
  const display = displayOfStatus(status);
  const openPanel = display.panel === null ? [] : [`panel-${display.panel}`];
  // Documents are asked for once the step flow is done (a payment method is chosen).
  const documentsShown = !statusHasTag(status, ORDER_TAGS.inStepFlow);
  return (
    <>
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
    </>
  );
}
