import { warehouseEndpoints } from '../../../domain/contract/endpoints/warehouse.js';
import type { OutboundGoodsRow, StockGoodsRow } from '../../../domain/contract/warehouse.js';
import { PagedTable, type Column } from '../../components/paged-table/paged-table.js';
import { useT } from '../../i18n/i18n.js';
import { warehouseMessages } from './messages.js';
import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

/** A link that opens a detail page in a new window (SPEC.md "Warehouse stock screen"); 44 px tall on a phone. */
export const DetailLink = ({ to, children, testId }: { to: string; children: string; testId?: string }) => (
  <a href={to} target="_blank" rel="noopener noreferrer" className={styles.link} data-testid={testId}>
    {children}
  </a>
);

function useGoodsColumns(): Column<StockGoodsRow>[] {
  const { t, format, pieces } = useWarehouseText();
  return [
    {
      key: 'inbound',
      header: t('col.inbound'),
      cell: (row) => (
        <DetailLink to={`/warehouse/in/${row.ware_in.id}`} testId="open-inbound">
          {row.ware_in.code}
        </DetailLink>
      ),
    },
    { key: 'code', header: t('col.code'), cell: (row) => row.code },
    { key: 'type', header: t('col.type'), cell: (row) => row.type },
    { key: 'sku', header: t('col.sku'), cell: (row) => row.sku || '—' },
    { key: 'pieces', header: t('col.pieces'), cell: (row) => pieces.goods(row) },
    { key: 'stock', header: t('col.stock'), cell: (row) => pieces.count(row.stock) },
    { key: 'user', header: t('col.user'), cell: (row) => row.user.name },
    { key: 'created', header: t('col.created'), cell: (row) => format.dateTime(row.created_at) },
  ];
}

/** 入库货物 (all goods received) or 库存货物 (those with pieces left: `stock: 1`). */
export function GoodsTab({ inStock }: { inStock: boolean }) {
  const t = useT(warehouseMessages);
  return (
    <PagedTable<StockGoodsRow>
      endpoint={warehouseEndpoints.goods}
      body={inStock ? { stock: 1 } : {}}
      searchLabel={t('search.goods')}
      columns={useGoodsColumns()}
      rowKey={(row) => row.id}
      testId={inStock ? 'in-stock' : 'received'}
    />
  );
}

/** 出库货物: every shipment. */
export function ShippedTab() {
  const { t, format, pieces } = useWarehouseText();
  const columns: Column<OutboundGoodsRow>[] = [
    {
      key: 'outbound',
      header: t('col.outbound'),
      cell: (row) => (
        <DetailLink to={`/warehouse/out/${row.id}`} testId="open-outbound">
          {row.ware_out.code}
        </DetailLink>
      ),
    },
    { key: 'goods', header: t('col.goods'), cell: (row) => [row.goods.type, row.goods.sku].filter(Boolean).join(' · ') },
    { key: 'quantity', header: t('col.quantity'), cell: (row) => pieces.count(row.quantity) },
    { key: 'tray', header: t('col.tray'), cell: (row) => format.number(String(row.tray_quantity)) },
    { key: 'weight', header: t('col.weight'), cell: (row) => format.number(row.weight) },
    { key: 'deliver', header: t('col.deliverType'), cell: (row) => row.deliver_type },
    { key: 'client', header: t('col.client'), cell: (row) => row.client_code },
    { key: 'outTime', header: t('col.outTime'), cell: (row) => format.dateTime(row.out_time) },
    { key: 'user', header: t('col.user'), cell: (row) => row.user.name },
  ];
  return (
    <PagedTable<OutboundGoodsRow>
      endpoint={warehouseEndpoints.outGoods}
      searchLabel={t('search.shipped')}
      columns={columns}
      rowKey={(row) => row.id}
      testId="shipped"
    />
  );
}
