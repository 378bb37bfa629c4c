import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { pagedListQuery, type PagedEndpoint } from '../../lib/paged-list.js';
import * as styles from './paged-table.css.js';
import { pagedTableMessages } from './messages.js';
import { useKeyword } from '../../lib/use-keyword.js';
import { DataTable, type Column } from './data-table.js';

export type { Column } from './data-table.js';

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

/** What a paged list's foot needs to know of its query. */
type PagedQuery = Pick<UseInfiniteQueryResult, 'isPending' | 'isError' | 'error' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/**
 * Under a paged list: loading, the error, "nothing here" (`emptyText`, or the generic one), the
 * "load more" button while pages follow, else the end.
 */
export function ListFoot({ list, shown, testId, emptyText }: { list: PagedQuery; shown: number; testId: string; emptyText?: string }) {
  const t = useT(pagedTableMessages);
  return (
    <div className={styles.listFoot} aria-live="polite">
      {list.isPending ? (
        <span aria-busy="true">{t('list.loading')}</span>
      ) : list.isError ? (
        <span role="alert">{errorText(list.error)}</span>
      ) : shown === 0 ? (
        <span data-testid={`${testId}-empty`}>{emptyText ?? t('list.empty')}</span>
      ) : list.hasNextPage ? (
        <button
          type="button"
          className={styles.smallButton}
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          data-testid={`${testId}-more`}
        >
          {list.isFetchingNextPage ? t('list.loading') : t('list.loadMore')}
        </button>
      ) : (
        <span>{t('list.end')}</span>
      )}
    </div>
  );
}
