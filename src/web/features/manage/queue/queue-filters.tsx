import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ORDER_QUEUES, ORDER_SORTS, type OrderFilter, type OrderQueue } from '../../../../domain/contract/funds.js';
import { STATUSES } from '../../../../domain/order/status.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { statisticQuery } from '../api/statistic.js';
import { useStatusText } from '../status-label.js';
import * as styles from './queue.css.js';
import { queueMessages } from './messages.js';

type Sort = (typeof ORDER_SORTS)[number];
type Change = (next: OrderFilter) => void;

/** The queues as tabs with the number of orders in each (manage/statistic's queue_counts); "all" clears the queue. */
function QueueTabs({ filter, onChange }: { filter: OrderFilter; onChange: Change }) {
  const t = useT(queueMessages);
  const format = useFormat();
  const counts = useQuery(statisticQuery()).data?.queue_counts;
  const choose = (queue: OrderQueue | undefined) => onChange({ ...filter, queue });
  const tab = (queue: OrderQueue | undefined, label: string, count?: number) => (
    <button
      key={queue ?? 'all'}
      type="button"
      className={styles.queueTab}
      aria-pressed={filter.queue === queue}
      onClick={() => choose(queue)}
      data-testid={`queue-${queue ?? 'all'}`}
    >
      {label}
      {count !== undefined && <span className={styles.count}>{format.number(String(count))}</span>}
    </button>
  );
  return (
    <div className={styles.queueTabs} role="group" aria-label={t('queue.label')}>
      {tab(undefined, t('queue.all'))}
      {ORDER_QUEUES.map((queue) => tab(queue, t(`queue.${queue}`), counts?.[queue]))}
    </div>
  );
}

/** A chip per status of the domain's catalogue; several may be chosen. */
function StatusChips({ filter, onChange }: { filter: OrderFilter; onChange: Change }) {
  const t = useT(queueMessages);
  const statusText = useStatusText();
  const chosen = filter.status ?? [];
  const toggle = (status: number) =>
    onChange({ ...filter, status: chosen.includes(status) ? chosen.filter((one) => one !== status) : [...chosen, status] });
  return (
    <div className={styles.chips} role="group" aria-label={t('filter.status')}>
      {STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          className={styles.chip}
          aria-pressed={chosen.includes(status)}
          onClick={() => toggle(status)}
          data-testid={`status-chip-${status}`}
        >
          {statusText(status)}
        </button>
      ))}
    </div>
  );
}

/** The created-on range (China days) and the order of the rows. */
function RangeAndSort({ filter, onChange }: { filter: OrderFilter; onChange: Change }) {
  const t = useT(queueMessages);
  const id = useId();
  const day = (value: string) => (value === '' ? undefined : value);
  return (
    <div className={styles.filterRow}>
      <label className={styles.control} htmlFor={`${id}-from`}>
        <span className={styles.controlLabel}>{t('filter.from')}</span>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.input}
          value={filter.created_from ?? ''}
          max={filter.created_to}
          onChange={(event) => onChange({ ...filter, created_from: day(event.target.value) })}
          data-testid="filter-from"
        />
      </label>
      <label className={styles.control} htmlFor={`${id}-to`}>
        <span className={styles.controlLabel}>{t('filter.to')}</span>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.input}
          value={filter.created_to ?? ''}
          min={filter.created_from}
          onChange={(event) => onChange({ ...filter, created_to: day(event.target.value) })}
          data-testid="filter-to"
        />
      </label>
      <label className={styles.control} htmlFor={`${id}-sort`}>
        <span className={styles.controlLabel}>{t('filter.sort')}</span>
        <select
          id={`${id}-sort`}
          className={styles.input}
          value={filter.sort ?? '-created'}
          onChange={(event) => onChange({ ...filter, sort: event.target.value as Sort })}
          data-testid="filter-sort"
        >
          {ORDER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={styles.clear} onClick={() => onChange({})} data-testid="filter-clear">
        {t('filter.clear')}
      </button>
    </div>
  );
}

/** The orders tab's work-queue controls: queue tabs with counts, status chips, date range and sort. */
export function QueueFilters({ filter, onChange }: { filter: OrderFilter; onChange: Change }) {
  return (
    <div className={styles.filters} data-testid="queue-filters">
      <QueueTabs filter={filter} onChange={onChange} />
      <StatusChips filter={filter} onChange={onChange} />
      <RangeAndSort filter={filter} onChange={onChange} />
    </div>
  );
}

/** The filter as manage/orders takes it: only what is set (an empty status list is no filter). */
export const filterBody = (filter: OrderFilter): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
