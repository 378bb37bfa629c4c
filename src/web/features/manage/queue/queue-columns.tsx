import { useQuery } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import type { ManageOrderRow } from '../../../../domain/contract/manage.js';
import type { Column } from '../../../components/paged-table/paged-table.js';
import { useLocale, useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { statisticQuery } from '../api/statistic.js';
import { queueMessages } from './messages.js';
import * as styles from './queue.css.js';
import { DEFAULT_SLA_HOURS, formatTimeInStatus, hoursSince } from './time-in-status.js';

/** manage/statistic's SLA in hours (a day until the statistic has loaded). */
function useSlaHours(): number {
  return useQuery(statisticQuery()).data?.sla_hours ?? DEFAULT_SLA_HOURS;
}

/** The work queue's two columns: how long the order has been in its status (past the SLA highlighted) and its balance. */
export function useQueueColumns(): Column<ManageOrderRow>[] {
  const t = useT(queueMessages);
  const { locale } = useLocale();
  const format = useFormat();
  const sla = useSlaHours();
  const now = Date.now();
  return [
    {
      key: 'inStatus',
      header: t('col.inStatus'),
      cell: (order) => {
        const hours = hoursSince(order.status_since, now);
        const late = hours >= sla;
        return (
          <span
            className={late ? styles.overdue : undefined}
            title={late ? t('overdue', { hours: sla }) : undefined}
            data-overdue={late}
            data-testid="time-in-status"
          >
            {formatTimeInStatus(hours, locale)}
          </span>
        );
      },
    },
    {
      key: 'balance',
      header: t('col.balance'),
      cell: (order) => {
        const balance = new Decimal(order.balance_cny);
        if (balance.isZero()) return <span data-testid="row-balance">{t('balance.settled')}</span>;
        return (
          <span className={balance.isNegative() ? styles.owed : styles.toRefund} data-testid="row-balance">
            {format.money(order.balance_cny, 'CNY')}
          </span>
        );
      },
    },
  ];
}
