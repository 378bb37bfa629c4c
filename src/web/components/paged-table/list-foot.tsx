import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { pagedTableMessages } from './messages.js';
import { tapTarget } from '../../styles/tap-target.css.js';
import * as styles from './paged-table.css.js';

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
          className={`${styles.smallButton} ${tapTarget}`}
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
