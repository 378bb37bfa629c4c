import { useId, useState, type ReactNode } from 'react';
import { useKeyword } from '../../lib/use-keyword.js';
import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

/** The current year and month in China: the list's default (SPEC.md section 9). */
function chinaMonth(): { year: number; month: number } {
  const shifted = new Date(Date.now() + 8 * 3600 * 1000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

type StatusChoice = '' | '0' | '1';

/** What the inbound list is filtered by (keyword, status, year, month), and the query that follows it. */
export function useInboundFilter() {
  const today = chinaMonth();
  const search = useKeyword();
  const [status, setStatus] = useState<StatusChoice>('');
  const [year, setYear] = useState(today.year);
  const [month, setMonth] = useState(today.month);
  return {
    search,
    status: { value: status, set: setStatus },
    year: { value: year, set: setYear, choices: Array.from({ length: 6 }, (_, index) => today.year - index) },
    month: { value: month, set: setMonth },
    query: { keyword: search.keyword, status: status === '' ? null : (Number(status) as 0 | 1), year, month },
  };
}
type InboundFilter = ReturnType<typeof useInboundFilter>;

/** A filter that picks one of a few values, each shown with its text. */
function FilterSelect<V extends string | number>(props: {
  id: string;
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  testId: string;
}) {
  const { id, label, value, options, onChange, testId } = props;
  const choose = (chosen: string) => onChange(options.find(([option]) => String(option) === chosen)?.[0] ?? value);
  return (
    <label className={styles.label} htmlFor={id}>
      {label}
      <select id={id} className={styles.select} value={value} onChange={(event) => choose(event.target.value)} data-testid={testId}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const numbered = (values: readonly number[]) => values.map((value) => [value, String(value)] as const);

/** 入库单's filter row: the search box and the status, year and month choices; `children` stand at its end. */
export function InboundFilters({ filter, children }: { filter: InboundFilter; children?: ReactNode }) {
  const { t } = useWarehouseText();
  const id = useId();
  const { search, status, year, month } = filter;
  const statuses = [
    ['', t('filter.all')],
    ['1', t('status.1')],
    ['0', t('status.0')],
  ] as const;
  const numberChoices = [
    ['year', year, year.choices],
    ['month', month, MONTHS],
  ] as const;
  return (
    <div className={styles.filters}>
      <input
        type="search"
        className={styles.filterInput}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        placeholder={t('search.inbound')}
        aria-label={t('search.inbound')}
        data-testid="inbound-search"
      />
      <FilterSelect<StatusChoice>
        id={`${id}-status`}
        label={t('filter.status')}
        value={status.value}
        options={statuses}
        onChange={status.set}
        testId="inbound-status"
      />
      {numberChoices.map(([name, choice, values]) => (
        <FilterSelect
          key={name}
          id={`${id}-${name}`}
          label={t(`filter.${name}`)}
          value={choice.value}
          options={numbered(values)}
          onChange={choice.set}
          testId={`inbound-${name}`}
        />
      ))}
      {children}
    </div>
  );
}
