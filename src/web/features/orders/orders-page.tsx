import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../components/form.js';
import { ListFoot } from '../../components/paged-table/list-foot.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { useFailure } from '../../lib/use-failure.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { ordersQuery } from './list/api/find-orders.js';
import { ordersListMessages } from './list/messages.js';
import { OrderRow } from './list/order-row.js';
import * as styles from './list/orders-list.css.js';

/** My orders (SPEC.md section 2): each order with its status and a way to continue or view it; newest first, a page at a time. */
export default function OrdersPage() {
  const t = useT(ordersListMessages);
  const tc = useT(commonMessages);
  const list = useInfiniteQuery(ordersQuery());
  const orders = list.data?.pages.flatMap((page) => page.data);
  // A failed first page is reported (and offers a retry); a failed "load more" says so in the list's foot.
  useReportFailure(list.isFetchNextPageError ? null : list.error, useFailure());

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('orders.title')}</h1>
      {orders === undefined && list.isError ? (
        <div className={styles.failure} role="alert">
          <div>{tc('common.loadFailed')}</div>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {tc('common.retry')}
          </Button>
        </div>
      ) : orders === undefined ? (
        <div className={styles.state} role="status" aria-busy="true">
          {tc('common.loading')}
        </div>
      ) : orders.length === 0 ? (
        <div className={styles.empty} data-testid="orders-empty">
          <p className={styles.emptyTitle}>{t('orders.empty')}</p>
          <p className={styles.emptyHint}>{t('orders.emptyHint')}</p>
          <Link to="/" className={styles.start}>
            {t('orders.start')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.list}>
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          {list.hasNextPage || (list.data?.pages.length ?? 0) > 1 ? <ListFoot list={list} shown={orders.length} testId="orders" /> : null}
        </>
      )}
    </div>
  );
}
