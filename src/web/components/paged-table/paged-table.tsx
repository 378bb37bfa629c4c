import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pagedListQuery, type PagedEndpoint } from '../../lib/paged-list.js';
import * as styles from './paged-table.css.js';
import { useKeyword } from '../../lib/use-keyword.js';
import { DataTable, type Column } from './data-table.js';
import { ListFoot } from './list-foot.js';

export type { Column } from './data-table.js';
// The foot alone is for lists that are not tables (the payer's orders): its own module, without the table.
export { ListFoot } from './list-foot.js';

interface PagedTableProps<T> {
  /** The list's endpoint, e.g. manageEndpoints.orders. */
  readonly endpoint: PagedEndpoint<T>;
  readonly searchLabel: string;
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string | number;
  readonly testId: string;
  /** Beside the search box (the "add" button of the payee table); a function gets the keyword searched for (the export links). */
  readonly actions?: ReactNode | ((keyword: string) => ReactNode);
  /** Fixed filters sent with every page besides the keyword (the in-stock tab's `stock: 1`). */
  readonly body?: Readonly<Record<string, unknown>>;
}

/**
 * A searchable table (back office, warehouse): search as you type, pages loaded on demand, loading and empty states. Each
 * keyword is its own query, so a late answer to an older keyword never replaces the newer list.
 */
export function PagedTable<T>({ endpoint, searchLabel, columns, rowKey, testId, actions, body }: PagedTableProps<T>) {
  const { text, setText, keyword } = useKeyword();
  const list = useInfiniteQuery(pagedListQuery<T>(endpoint, keyword, body));
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section data-testid={testId}>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.search}
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid={`${testId}-search`}
        />
        {typeof actions === 'function' ? actions(keyword) : actions}
      </div>
      <DataTable rows={rows} columns={columns} rowKey={rowKey} rowTestId={`${testId}-row`} busy={list.isPlaceholderData} />
      <ListFoot list={list} shown={rows.length} testId={testId} />
    </section>
  );
}
