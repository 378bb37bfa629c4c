import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '../../components/paged-table/data-table.js';
import type { InboundRow } from '../../../domain/contract/warehouse.js';
import { isValidRecord } from '../../../domain/warehouse/record-status.js';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useFormat } from '../../lib/use-format.js';
import { useKeyword } from '../../lib/use-keyword.js';
import { inboundListQuery } from './api/inbound-list.js';
import { CreateInboundDialog } from './dialogs.js';
import { DetailLink } from './goods-tabs.js';
import { warehouseMessages } from './messages.js';
import { usePieces } from './use-pieces.js';
import * as styles from './warehouse.css.js';

/** The current year and month in China: the list's default (SPEC.md section 9). */
function chinaMonth(): { year: number; month: number } {
  const shifted = new Date(Date.now() + 8 * 3600 * 1000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** 入库单: the inbound list with its filters (keyword, status, year, month) and the create dialog. */
export function InboundTab({ canChange }: { canChange: boolean }) {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const pieces = usePieces();
  const id = useId();
  const today = chinaMonth();
  const { text, setText, keyword } = useKeyword();
  const [status, setStatus] = useState<'' | '0' | '1'>('');
  const [year, setYear] = useState(today.year);
  const [month, setMonth] = useState(today.month);
  const [creating, setCreating] = useState(false);
  const list = useQuery(inboundListQuery({ keyword, status: status === '' ? null : (Number(status) as 0 | 1), year, month }));
  const navigate = useNavigate();
  /** The new record opens in a new window; where a popup is blocked, here. */
  const openRecord = (path: string) => {
    const opened = window.open(path, '_blank');
    if (opened) opened.opener = null;
    else void navigate(path);
  };
  const columns: Column<InboundRow>[] = [
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
    { key: 'package', header: t('col.package'), cell: (row) => row.package },
    { key: 'pieces', header: t('col.pieces'), cell: (row) => pieces.count(row.goods_count) },
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
  const years = Array.from({ length: 6 }, (_, index) => today.year - index);
  return (
    <section data-testid="inbound">
      <div className={styles.filters}>
        <input
          type="search"
          className={styles.filterInput}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.inbound')}
          aria-label={t('search.inbound')}
          data-testid="inbound-search"
        />
        <label className={styles.label} htmlFor={`${id}-status`}>
          {t('filter.status')}
          <select
            id={`${id}-status`}
            className={styles.select}
            value={status}
            onChange={(event) => setStatus(event.target.value as '' | '0' | '1')}
            data-testid="inbound-status"
          >
            <option value="">{t('filter.all')}</option>
            <option value="1">{t('status.1')}</option>
            <option value="0">{t('status.0')}</option>
          </select>
        </label>
        <label className={styles.label} htmlFor={`${id}-year`}>
          {t('filter.year')}
          <select
            id={`${id}-year`}
            className={styles.select}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            data-testid="inbound-year"
          >
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label} htmlFor={`${id}-month`}>
          {t('filter.month')}
          <select
            id={`${id}-month`}
            className={styles.select}
            value={month}
            onChange={(event) => setMonth(Number(event.target.value))}
            data-testid="inbound-month"
          >
            {MONTHS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        {canChange && (
          <Button type="button" onClick={() => setCreating(true)} data-testid="inbound-create-open">
            {t('create.open')}
          </Button>
        )}
      </div>
      {!list.data ? (
        <p aria-busy={list.isPending}>{list.isError ? errorText(list.error) : t('loading')}</p>
      ) : list.data.length === 0 ? (
        <p className={styles.muted} data-testid="inbound-empty">
          {t('inbound.empty')}
        </p>
      ) : (
        <DataTable rows={list.data} columns={columns} rowKey={(row) => row.id} rowTestId="inbound-row" busy={list.isPlaceholderData} />
      )}
      <CreateInboundDialog open={creating} onOpenChange={setCreating} onCreated={(created) => openRecord(`/warehouse/in/${created}`)} />
    </section>
  );
}
