import { useQuery } from '@tanstack/react-query';
import { RefusedPage, TabPanels, type TabPanel } from '../../components/back-office-page.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { warehouseAccessOf } from './access.js';
import { statisticQuery } from './api/statistic.js';
import { Breadcrumb } from './breadcrumb.js';
import { GoodsTab, ShippedTab } from './goods-tabs.js';
import { InboundTab } from './inbound-tab.js';
import { warehouseMessages } from './messages.js';
import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

function Statistics() {
  const { t, pieces } = useWarehouseText();
  const statistic = useQuery(statisticQuery());
  const cards = [
    { key: 'in', label: t('stats.in'), value: statistic.data?.in_goods_number },
    { key: 'out', label: t('stats.out'), value: statistic.data?.out_goods_number },
    { key: 'stock', label: t('stats.stock'), value: statistic.data?.stock_goods_number },
  ];
  return (
    <div className={styles.stats} aria-busy={statistic.isPending}>
      {cards.map((card) => (
        <div key={card.key} className={styles.statCard}>
          <div className={styles.statValue} data-testid={`stat-${card.key}`} data-value={card.value ?? ''}>
            {card.value === undefined ? '…' : pieces.count(card.value)}
          </div>
          <div className={styles.statLabel}>{card.label}</div>
        </div>
      ))}
    </div>
  );
}

/**
 * /stocks (SPEC.md "Warehouse stock screen"): breadcrumb, statistics in pieces, and the tabs goods
 * received, goods shipped, goods in stock, plus the inbound list. Staff and admins change, auditors
 * read; payers are told this is not theirs.
 */
export default function StocksPage() {
  const t = useT(warehouseMessages);
  const { user } = useSession();
  const access = warehouseAccessOf(user);
  if (!access.read) return <RefusedPage title={t('page.forbidden')} titleClassName={styles.title} testId="warehouse-refused" />;
  const tabs: TabPanel[] = [
    { value: 'received', label: t('tab.received'), panel: <GoodsTab inStock={false} /> },
    { value: 'shipped', label: t('tab.shipped'), panel: <ShippedTab /> },
    { value: 'inStock', label: t('tab.inStock'), panel: <GoodsTab inStock /> },
    { value: 'inbound', label: t('tab.inbound'), panel: <InboundTab canChange={access.change} /> },
  ];
  return (
    <div className={styles.screen} data-testid="stocks-page">
      <Breadcrumb />
      {!access.change && <p className={styles.notice}>{t('page.readOnly')}</p>}
      <Statistics />
      <TabPanels tabs={tabs} defaultValue="received" label={t('crumb.stocks')} />
    </div>
  );
}
