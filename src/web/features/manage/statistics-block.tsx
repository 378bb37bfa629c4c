import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import { statisticQuery } from './api/statistic.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { useStatusText } from './status-label.js';
import { DashboardBlock } from './dashboard/dashboard-block.js';

/** The statistics on top of /manage: users, orders and recipients, orders per status, then the dashboard of the last 30 days. */
export function StatisticsBlock() {
  const t = useT(manageMessages);
  const format = useFormat();
  const statusText = useStatusText();
  const stats = useQuery(statisticQuery());
  const value = (count: number | undefined) => (count === undefined ? '–' : format.number(String(count)));
  const counts = Object.entries(stats.data?.status_counts ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <>
      <section aria-label={t('stats.byStatus')} data-testid="statistics">
        <div className={styles.stats}>
          {(
            [
              ['stats.users', stats.data?.user],
              ['stats.orders', stats.data?.order],
              ['stats.resources', stats.data?.resource],
            ] as const
          ).map(([key, count]) => (
            <div key={key} className={styles.statCard}>
              <div className={styles.statValue} data-testid={`stat-${key}`}>
                {value(count)}
              </div>
              <div className={styles.statLabel}>{t(key)}</div>
            </div>
          ))}
        </div>
        {counts.length > 0 && (
          <ul className={styles.statusCounts} aria-label={t('stats.byStatus')}>
            {counts.map(([status, count]) => (
              <li key={status} className={styles.statusCount}>
                {statusText(Number(status))}: {format.number(String(count))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DashboardBlock />
    </>
  );
}
