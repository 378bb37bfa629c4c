import { manageEndpoints } from '../../../domain/contract/endpoints/manage.js';
import type { ManageOrderRow } from '../../../domain/contract/manage.js';
import type { OrderKind } from '../../../domain/order/order-data.js';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { PagedTable, type Column } from '../../components/paged-table/paged-table.js';
import { useStatusText } from './status-label.js';
import { useState } from 'react';
import type { OrderFilter } from '../../../domain/contract/funds.js';
import { filterBody, QueueFilters } from './queue/queue-filters.js';
import { useQueueColumns } from './queue/queue-columns.js';
import { ExportButtons } from './queue/export-buttons.js';

const patientOf = (order: ManageOrderRow) => {
  const chinese = `${order.student_last_name}${order.student_first_name}`;
  const pinyin = `${order.student_last_name_pinyin} ${order.student_first_name_pinyin}`.trim();
  return chinese || pinyin ? `${chinese}${pinyin ? ` (${pinyin})` : ''}` : '—';
};

/**
 * The order table (ordinary or partner) as a work queue: queues, status chips, dates and sort
 * (ordinary orders, DESIGN.md section 10), each row's time in status and balance; each row opens
 * the admin's order page in a new window. Beside the search, the export of what the queue shows now.
 */
export function OrdersTab({ kind }: { kind: OrderKind }) {
  const t = useT(manageMessages);
  const queueColumns = useQueueColumns();
  const [filter, setFilter] = useState<OrderFilter>({});
  const format = useFormat();
  const statusText = useStatusText();
  const common: Column<ManageOrderRow>[] = [
    {
      key: 'id',
      header: t('col.orderNo'),
      cell: (order) => (
        <a href={`/manage/orders/${encodeURIComponent(order.id)}`} target="_blank" rel="noopener noreferrer" data-testid="open-order">
          {order.order_no || order.id.slice(0, 8)}
        </a>
      ),
    },
    { key: 'status', header: t('col.status'), cell: (order) => <span className={styles.badge.base}>{statusText(order.status)}</span> },
    {
      key: 'amount',
      header: t('col.amount'),
      cell: (order) => <span className={styles.nowrap}>{format.money(order.amount, order.currency)}</span>,
    },
    {
      key: 'cny',
      header: t('col.cny'),
      cell: (order) => <span className={styles.nowrap}>{order.cny_amount ? format.money(order.cny_amount, 'CNY') : '—'}</span>,
    },
    { key: 'institution', header: t('col.institution'), cell: (order) => order.resource_name },
  ];
  const ordinary: Column<ManageOrderRow>[] = [{ key: 'patient', header: t('col.patient'), cell: patientOf }];
  const partner: Column<ManageOrderRow>[] = [
    { key: 'partnerId', header: t('col.partnerId'), cell: (order) => order.partner?.gic_order_id ?? '—' },
    { key: 'from', header: t('col.partnerFrom'), cell: (order) => order.partner?.from ?? '—' },
    { key: 'student', header: t('col.student'), cell: (order) => order.partner?.student_name ?? '—' },
    { key: 'payer', header: t('col.payer'), cell: (order) => order.partner?.payer_name ?? '—' },
  ];
  const created: Column<ManageOrderRow> = {
    key: 'created',
    header: t('col.created'),
    cell: (order) => <span className={styles.nowrap}>{format.dateTime(order.created_at)}</span>,
  };
  const columns = [...common, ...(kind === 'partner' ? partner : ordinary), ...queueColumns, created];
  return (
    <>
      {kind === 'order' && <QueueFilters filter={filter} onChange={setFilter} />}
      <PagedTable
        endpoint={kind === 'partner' ? manageEndpoints.partnerOrders : manageEndpoints.orders}
        searchLabel={t(kind === 'partner' ? 'search.partnerOrders' : 'search.orders')}
        columns={columns}
        rowKey={(order) => order.id}
        testId={kind === 'partner' ? 'partner-orders' : 'orders'}
        body={kind === 'order' ? filterBody(filter) : undefined}
        actions={kind === 'order' ? (keyword: string) => <ExportButtons filter={filter} keyword={keyword} /> : undefined}
      />
    </>
  );
}
