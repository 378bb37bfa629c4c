import { useLocale, useT } from '../../../i18n/i18n.js';
import { formatCount } from '../../../lib/count-format.js';
import { useFormat } from '../../../lib/use-format.js';
import * as styles from './dashboard.css.js';
import type { DashboardSeries } from './dashboard-series.js';
import { chinaDayText } from './day-format.js';
import { dashboardMessages } from './messages.js';

/** The charts' figures as a table for screen readers: one row per day and currency that had any. */
export function DayTable({ series }: { series: DashboardSeries }) {
  const t = useT(dashboardMessages);
  const { locale } = useLocale();
  const format = useFormat();
  const rows = series.days.flatMap((day, index) =>
    series.currencies
      .filter((one) => one.received[index] !== '0.00' || one.createdOrders[index]! > 0 || one.paidOrders[index]! > 0)
      .map((one) => ({ day, index, one })),
  );
  return (
    // The hiding box is a block around the table: a table is never narrower than its content, so
    // hidden itself it would still widen a phone's page.
    <div className={styles.visuallyHidden}>
      <table data-testid="dashboard-table">
        <caption>{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.day')}</th>
            <th scope="col">{t('table.currency')}</th>
            <th scope="col">{t('table.received')}</th>
            <th scope="col">{t('table.paid')}</th>
            <th scope="col">{t('table.created')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, index, one }) => (
            <tr key={`${day} ${one.currency}`}>
              <th scope="row">{chinaDayText(day, locale, true)}</th>
              <td>{one.currency}</td>
              <td>{format.money(one.received[index], 'CNY')}</td>
              <td>{formatCount(one.paidOrders[index]!, locale)}</td>
              <td>{formatCount(one.createdOrders[index]!, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
