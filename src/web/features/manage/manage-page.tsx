import { AuditTab } from './audit/audit-tab.js';
import { auditMessages } from './audit/messages.js';
import { RefusedPage, TabPanels, type TabPanel } from '../../components/back-office-page.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { accessOf } from './access.js';
import * as approvalStyles from './approvals/approvals.css.js';
import { ApprovalsTab, ApprovalsTabLabel } from './approvals/approvals-tab.js';
import * as styles from './manage.css.js';
import { MarkupTab } from './markup-tab.js';
import { manageMessages } from './messages.js';
import { NoticeTab } from './notice-tab.js';
import { FailedDeliveriesTab } from './deliveries/failed-deliveries-tab.js';
import { deliveryMessages } from './deliveries/messages.js';
import { OrdersTab } from './orders-tab.js';
import { reconciliationMessages } from './reconciliation/messages.js';
import { ReconciliationTab } from './reconciliation/reconciliation-tab.js';
import { ResourcesTab } from './resources-tab.js';
import { StatisticsBlock } from './statistics-block.js';
import { UsersTab } from './users-tab.js';

/**
 * /manage (SPEC.md "Admin page"): statistics on top, then the tabs. Each role sees what it may use
 * (DESIGN.md section 7): an admin everything, an auditor everything without the controls that
 * change anything; warehouse staff and payers are told this is not theirs.
 */
export default function ManagePage() {
  const t = useT(manageMessages);
  const ta = useT(auditMessages);
  const tr = useT(reconciliationMessages);
  const td = useT(deliveryMessages);
  const { user } = useSession();
  const access = accessOf(user);
  if (!access.read) {
    return (
      <RefusedPage title={t('page.forbidden')} titleClassName={styles.title} testId="manage-refused">
        {access.role === 'warehouse' && <p>{t('page.warehouseOnly')}</p>}
      </RefusedPage>
    );
  }
  const tabs: TabPanel[] = [
    { value: 'users', label: t('tab.users'), panel: <UsersTab access={access} /> },
    { value: 'orders', label: t('tab.orders'), panel: <OrdersTab kind="order" /> },
    { value: 'reconciliation', label: tr('tab'), panel: <ReconciliationTab access={access} /> },
    { value: 'partnerOrders', label: t('tab.partnerOrders'), panel: <OrdersTab kind="partner" /> },
    { value: 'resources', label: t('tab.resources'), panel: <ResourcesTab access={access} /> },
    { value: 'markup', label: t('tab.markup'), panel: <MarkupTab access={access} /> },
    { value: 'notice', label: t('tab.notice'), panel: <NoticeTab access={access} /> },
    // Admins and auditors alike: every role that reads the back office (access.read, checked above).
    { value: 'approvals', label: <ApprovalsTabLabel />, panel: <ApprovalsTab access={access} />, triggerClassName: approvalStyles.trigger },
    { value: 'deliveries', label: td('deliveries.tab'), panel: <FailedDeliveriesTab /> },
    ...(access.audit ? [{ value: 'audit', label: ta('tab.audit'), panel: <AuditTab /> }] : []),
  ];
  return (
    <div className={styles.page} data-testid="manage-page">
      <h1 className={styles.title}>{t('page.title')}</h1>
      {!access.change && (
        <p className={styles.notice} data-testid="read-only">
          {t('page.readOnly')}
        </p>
      )}
      <StatisticsBlock />
      <TabPanels tabs={tabs} defaultValue="orders" label={t('page.title')} />
    </div>
  );
}
