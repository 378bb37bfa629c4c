import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { warehouseAccessOf } from './access.js';
import { statisticQuery } from './api/statistic.js';
import { Breadcrumb } from './breadcrumb.js';
import { GoodsTab, ShippedTab } from './goods-tabs.js';
import { InboundTab } from './inbound-tab.js';
import { warehouseMessages } from './messages.js';
import { useWarehouseText } from './use-pieces.js';
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

const TABS = ['received', 'shipped', 'inStock', 'inbound'] as const;

/**
 * /stocks (SPEC.md "Warehouse stock screen"): breadcrumb, statistics in pieces, and the tabs goods
 * received, goods shipped, goods in stock, plus the inbound list. Staff and admins change, auditors
 * read; payers are told this is not theirs.
 */
export default function StocksPage() {
  const t = useT(warehouseMessages);
  const { user } = useSession();
  const access = warehouseAccessOf(user);
  if (!access.read) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="warehouse-refused">
          <h1 className={styles.title}>{t('page.forbidden')}</h1>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="stocks-page">
      <Breadcrumb />
      {!access.change && <p className={styles.notice}>{t('page.readOnly')}</p>}
      <Statistics />
      <Tabs.Root defaultValue="received">
        <Tabs.List className={styles.tabList} aria-label={t('crumb.stocks')}>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={styles.tab} data-testid={`tab-${tab}`}>
              {t(`tab.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="received">
          <GoodsTab inStock={false} />
        </Tabs.Content>
        <Tabs.Content value="shipped">
          <ShippedTab />
        </Tabs.Content>
        <Tabs.Content value="inStock">
          <GoodsTab inStock />
        </Tabs.Content>
        <Tabs.Content value="inbound">
          <InboundTab canChange={access.change} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
