import type { InboundRow } from '../../../domain/contract/warehouse.js';
import { isValidRecord } from '../../../domain/warehouse/record-status.js';
import type { Column } from '../../components/paged-table/data-table.js';
import { ReceivedPieces } from './difference-mark.js';
import { DetailLink } from './goods-tabs.js';
import { useWarehouseText } from './use-warehouse-text.js';

/** 入库单's columns: each record links to its detail, its packing list and its waybill. */
export function useInboundColumns(): Column<InboundRow>[] {
  const { t, format, pieces, packing } = useWarehouseText();
  return [
    {
      key: 'code',
      header: t('col.inbound'),
      cell: (row) => (
        <DetailLink to={`/warehouse/in/${row.id}`} testId="open-inbound">
          {row.code}
        </DetailLink>
      ),
    },
    { key: 'waybill', header: t('col.waybill'), cell: (row) => row.waybill_id },
    { key: 'client', header: t('col.client'), cell: (row) => row.client_code },
    { key: 'package', header: t('col.package'), cell: (row) => packing(row.package) },
    { key: 'pieces', header: t('col.pieces'), cell: (row) => <ReceivedPieces received={row.goods_count} difference={row.difference} /> },
    { key: 'stock', header: t('col.stock'), cell: (row) => pieces.count(row.stock) },
    { key: 'status', header: t('col.status'), cell: (row) => t(isValidRecord(row) ? 'status.1' : 'status.0') },
    { key: 'created', header: t('col.created'), cell: (row) => format.dateTime(row.created_at) },
    {
      key: 'actions',
      header: t('col.actions'),
      cell: (row) => (
        <>
          <DetailLink to={`/warehouse/box/${row.id}`} testId="open-box">
            {t('inbound.box')}
          </DetailLink>{' '}
          <DetailLink to={`/logistics/waybill/${row.id}`} testId="open-waybill">
            {t('inbound.waybill')}
          </DetailLink>
        </>
      ),
    },
  ];
}
