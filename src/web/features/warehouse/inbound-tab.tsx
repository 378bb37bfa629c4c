import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { table, tableWrap, td, th } from '../../components/paged-table/paged-table.css.js';
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
  const years = Array.from({ length: 6 }, (_, index) => today.year - index);
  return (
    <section data-testid="inbound">
      <div className={styles.filters}>
        <input type="search" className={styles.filterInput} value={text} onChange={(event) => setText(event.target.value)} placeholder={t('search.inbound')} aria-label={t('search.inbound')} data-testid="inbound-search" />
        <label className={styles.label} htmlFor={`${id}-status`}>
          {t('filter.status')}
          <select id={`${id}-status`} className={styles.select} value={status} onChange={(event) => setStatus(event.target.value as '' | '0' | '1')} data-testid="inbound-status">
            <option value="">{t('filter.all')}</option>
            <option value="1">{t('status.1')}</option>
            <option value="0">{t('status.0')}</option>
          </select>
        </label>
        <label className={styles.label} htmlFor={`${id}-year`}>
          {t('filter.year')}
          <select id={`${id}-year`} className={styles.select} value={year} onChange={(event) => setYear(Number(event.target.value))} data-testid="inbound-year">
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label} htmlFor={`${id}-month`}>
          {t('filter.month')}
          <select id={`${id}-month`} className={styles.select} value={month} onChange={(event) => setMonth(Number(event.target.value))} data-testid="inbound-month">
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
        <div className={tableWrap}>
          <table className={table}>
            <thead>
              <tr>
                {(['col.inbound', 'col.waybill', 'col.client', 'col.package', 'col.pieces', 'col.stock', 'col.status', 'col.created', 'col.actions'] as const).map((key) => (
                  <th key={key} className={th} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.map((row) => (
                <tr key={row.id} data-testid="inbound-row">
                  <td className={td}>
                    <DetailLink to={`/warehouse/in/${row.id}`} testId="open-inbound">
                      {row.code}
                    </DetailLink>
                  </td>
                  <td className={td}>{row.waybill_id}</td>
                  <td className={td}>{row.client_code}</td>
                  <td className={td}>{row.package}</td>
                  <td className={td}>{pieces.count(row.goods_count)}</td>
                  <td className={td}>{pieces.count(row.stock)}</td>
                  <td className={td}>{t(`status.${row.status === 1 ? 1 : 0}`)}</td>
                  <td className={td}>{format.dateTime(row.created_at)}</td>
                  <td className={td}>
                    <DetailLink to={`/warehouse/box/${row.id}`} testId="open-box">
                      {t('inbound.box')}
                    </DetailLink>{' '}
                    <DetailLink to={`/logistics/waybill/${row.id}`} testId="open-waybill">
                      {t('inbound.waybill')}
                    </DetailLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateInboundDialog open={creating} onOpenChange={setCreating} onCreated={(created) => openRecord(`/warehouse/in/${created}`)} />
    </section>
  );
}
