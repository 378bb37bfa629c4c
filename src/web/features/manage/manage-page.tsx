import { Tabs } from 'radix-ui';
import { AuditTab } from './audit/audit-tab.js';
import { auditMessages } from './audit/messages.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { accessOf } from './access.js';
import * as approvalStyles from './approvals/approvals.css.js';
import { ApprovalsTab, ApprovalsTabLabel } from './approvals/approvals-tab.js';
import * as styles from './manage.css.js';
import { MarkupTab } from './markup-tab.js';
import { manageMessages } from './messages.js';
import { NoticeTab } from './notice-tab.js';
import { OrdersTab } from './orders-tab.js';
import { ResourcesTab } from './resources-tab.js';
import { StatisticsBlock } from './statistics-block.js';
import { UsersTab } from './users-tab.js';

const TABS = ['users', 'orders', 'partnerOrders', 'resources', 'markup', 'notice'] as const;

/**
 * /manage (SPEC.md "Admin page"): statistics on top, then the tabs. Each role sees what it may use
 * (DESIGN.md section 7): an admin everything, an auditor everything without the controls that
 * change anything; warehouse staff and payers are told this is not theirs.
 */
export default function ManagePage() {
  const t = useT(manageMessages);
  const ta = useT(auditMessages);
  const { user } = useSession();
  const access = accessOf(user);
  if (!access.read) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="manage-refused">
          <h1 className={styles.title}>{t('page.forbidden')}</h1>
          {access.role === 'warehouse' && <p>{t('page.warehouseOnly')}</p>}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="manage-page">
      <h1 className={styles.title}>{t('page.title')}</h1>
      {!access.change && (
        <p className={styles.notice} data-testid="read-only">
          {t('page.readOnly')}
        </p>
      )}
      <StatisticsBlock />
      <Tabs.Root defaultValue="orders">
        <Tabs.List className={styles.tabList} aria-label={t('page.title')}>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={styles.tab} data-testid={`tab-${tab}`}>
              {t(`tab.${tab}`)}
            </Tabs.Trigger>
          ))}
          {/* Admins and auditors alike: every role that reads the back office (access.read, checked above). */}
          <Tabs.Trigger value="approvals" className={`${styles.tab} ${approvalStyles.trigger}`} data-testid="tab-approvals">
            <ApprovalsTabLabel />
          </Tabs.Trigger>
          {access.audit && (
            <Tabs.Trigger value="audit" className={styles.tab} data-testid="tab-audit">
              {ta('tab.audit')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersTab access={access} />
        </Tabs.Content>
        <Tabs.Content value="orders">
          <OrdersTab kind="order" />
        </Tabs.Content>
        <Tabs.Content value="partnerOrders">
          <OrdersTab kind="partner" />
        </Tabs.Content>
        <Tabs.Content value="resources">
          <ResourcesTab access={access} />
        </Tabs.Content>
        <Tabs.Content value="markup">
          <MarkupTab access={access} />
        </Tabs.Content>
        <Tabs.Content value="notice">
          <NoticeTab access={access} />
        </Tabs.Content>
        <Tabs.Content value="approvals">
          <ApprovalsTab access={access} />
        </Tabs.Content>
        {access.audit && (
          <Tabs.Content value="audit">
            <AuditTab />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </div>
  );
}
