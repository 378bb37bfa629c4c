import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { failedDeliveryView } from '../../../../domain/contract/endpoints/notifications.js';
import { DataTable, type Column } from '../../../components/paged-table/data-table.js';
import { ListFoot } from '../../../components/paged-table/paged-table.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as styles from '../manage.css.js';
import { failedDeliveriesQuery } from './failed-deliveries.js';
import { deliveryMessages } from './messages.js';

type FailedDelivery = z.infer<typeof failedDeliveryView>;

function useColumns(): Column<FailedDelivery>[] {
  const t = useT(deliveryMessages);
  const format = useFormat();
  return [
    { key: 'failed_at', header: t('deliveries.failedAt'), cell: (row) => format.dateTime(row.failed_at) },
    { key: 'channel', header: t('deliveries.channel'), cell: (row) => t(`deliveries.${row.channel}`) },
    { key: 'kind', header: t('deliveries.kind'), cell: (row) => row.kind },
    { key: 'order', header: t('deliveries.order'), cell: (row) => row.order_no ?? '—' },
    { key: 'user', header: t('deliveries.user'), cell: (row) => row.user_id },
    { key: 'attempts', header: t('deliveries.attempts'), cell: (row) => row.attempts },
    { key: 'error', header: t('deliveries.error'), cell: (row) => row.last_error ?? '—' },
  ];
}

/**
 * Mails and WeChat messages given up after their last try, or cut short by a stopped process
 * (DESIGN.md section 11): the back office follows them up by hand. Newest first, a page at a time.
 */
export function FailedDeliveriesTab() {
  const t = useT(deliveryMessages);
  const columns = useColumns();
  const list = useInfiniteQuery(failedDeliveriesQuery());
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section data-testid="failed-deliveries">
      <p className={styles.muted}>{t('deliveries.intro')}</p>
      <DataTable rows={rows} columns={columns} rowKey={(row) => row.id} rowTestId="failed-deliveries-row" busy={false} />
      <ListFoot list={list} shown={rows.length} testId="failed-deliveries" emptyText={t('deliveries.none')} />
    </section>
  );
}
