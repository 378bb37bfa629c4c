import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { InboundRow, OutboundGoodsRow, StockGoodsRow } from '../../../domain/contract/warehouse.js';
import { isValidRecord } from '../../../domain/warehouse/record-status.js';
import { DataTable } from '../../components/paged-table/data-table.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { Breadcrumb } from './breadcrumb.js';
import { ReceivedPieces } from './difference-mark.js';
import { DetailLink } from './goods-tabs.js';
import { warehouseMessages } from './messages.js';
import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

/**
 * A detail page's frame: it reads the record the address names, and shows the breadcrumb, the
 * title and the record's parts once it is there; a loading or error state until then.
 */
export function DetailFrame<T, Key extends QueryKey>({
  query,
  title,
  testId,
  children,
}: {
  query: (id: string) => UseQueryOptions<T, Error, T, Key>;
  title: (data: T) => string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT(warehouseMessages);
  const { id = '' } = useParams();
  const detail = useQuery(query(id));
  const data = detail.data;
  return (
    <div className={styles.screen} data-testid={testId}>
      <Breadcrumb current={data === undefined ? '…' : title(data)} />
      {data === undefined ? (
        <p aria-busy={detail.isPending} role={detail.error ? 'alert' : undefined}>
          {detail.error ? errorText(detail.error) : t('loading')}
        </p>
      ) : (
        <>
          <h1 className={styles.title}>{title(data)}</h1>
          {children(data)}
        </>
      )}
    </div>
  );
}

export function Facts({ title, facts }: { title: string; facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <dl className={styles.fields}>
        {facts.map(([name, value]) => (
          <div key={name} className={styles.pair}>
            <dt className={styles.fieldName}>{name}</dt>
            <dd className={styles.fieldValue}>{value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An inbound record's facts. */
export function RecordFacts({ record }: { record: InboundRow }) {
  const { t, format, pieces, packing } = useWarehouseText();
  return (
    <Facts
      title={t('detail.record')}
      facts={[
        [t('col.inbound'), <DetailLink to={`/warehouse/in/${record.id}`}>{record.code}</DetailLink>],
        [t('field.waybill_id'), <DetailLink to={`/logistics/waybill/${record.id}`}>{record.waybill_id}</DetailLink>],
        [t('field.client_code'), [record.client_code, record.client_code2, record.client_code3].filter(Boolean).join(' / ')],
        [t('field.package'), packing(record.package)],
        [t('detail.declared'), pieces.count(record.quantity)],
        [t('field.weight'), format.number(record.weight)],
        [t('detail.received'), <ReceivedPieces received={record.goods_count} difference={record.difference} />],
        [t('col.stock'), pieces.count(record.stock)],
        [t('col.status'), <span data-testid="record-status">{t(isValidRecord(record) ? 'status.1' : 'status.0')}</span>],
        [t('field.desc'), record.desc],
        [t('field.remark'), record.remark],
        [t('col.user'), record.user.name],
        [t('col.created'), format.dateTime(record.created_at)],
      ]}
    />
  );
}

function Table<T>({
  title,
  rows,
  head,
  cells,
  rowKey,
  testId,
}: {
  title: string;
  rows: readonly T[];
  head: readonly string[];
  cells: (row: T) => ReactNode[];
  rowKey: (row: T) => number;
  testId: string;
}) {
  const t = useT(warehouseMessages);
  return (
    <section className={styles.card} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('detail.none')}</p>
      ) : (
        <DataTable
          rows={rows}
          columns={head.map((header, index) => ({ key: header, header, cell: (row: T) => cells(row)[index] }))}
          rowKey={rowKey}
          rowTestId={`${testId}-row`}
        />
      )}
    </section>
  );
}

/** Goods rows, each with an action (ship) when the page offers one. */
export function GoodsTable({ goods, action }: { goods: readonly StockGoodsRow[]; action?: (row: StockGoodsRow) => ReactNode }) {
  const { t, pieces } = useWarehouseText();
  const head = [t('col.code'), t('col.type'), t('col.sku'), t('col.pieces'), t('col.stock'), ...(action ? [t('col.actions')] : [])];
  return (
    <Table
      title={t('detail.goods')}
      testId="goods"
      rows={goods}
      head={head}
      rowKey={(row) => row.id}
      cells={(row) => [row.code, row.type, row.sku || '—', pieces.goods(row), pieces.count(row.stock), ...(action ? [action(row)] : [])]}
    />
  );
}

export function ShipmentsTable({ shipments }: { shipments: readonly OutboundGoodsRow[] }) {
  const { t, format, pieces } = useWarehouseText();
  return (
    <Table
      title={t('detail.shipments')}
      testId="shipments"
      rows={shipments}
      head={[t('col.outbound'), t('col.goods'), t('col.quantity'), t('col.deliverType'), t('col.client'), t('col.outTime')]}
      rowKey={(row) => row.id}
      cells={(row) => [
        <DetailLink to={`/warehouse/out/${row.id}`} testId="open-outbound">
          {row.ware_out.code}
        </DetailLink>,
        [row.goods.type, row.goods.sku].filter(Boolean).join(' · '),
        pieces.count(row.quantity),
        row.deliver_type,
        row.client_code,
        format.dateTime(row.out_time),
      ]}
    />
  );
}
