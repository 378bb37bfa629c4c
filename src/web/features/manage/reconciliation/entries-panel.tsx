import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ENTRY_STATES } from '../../../../domain/contract/funds.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useKeyword } from '../../../lib/use-keyword.js';
import * as manageStyles from '../manage.css.js';
import * as queueStyles from '../queue/queue.css.js';
import { entriesQuery, type EntryState } from './api/entries.js';
import { EntryCard } from './entry-card.js';
import { reconciliationMessages } from './messages.js';
import * as styles from './reconciliation.css.js';

/** Previous and next page, and where the list stands ("page 2 of 5"). */
function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const t = useT(reconciliationMessages);
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className={queueStyles.clear}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="entries-previous"
      >
        {t('entries.previous')}
      </button>
      <span data-testid="entries-page">{t('entries.page', { total, page, pages })}</span>
      <button
        type="button"
        className={queueStyles.clear}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="entries-next"
      >
        {t('entries.next')}
      </button>
    </div>
  );
}

/** The statement entries of a state (unmatched first), searched and paged; unmatched ones can be matched or returned. */
export function EntriesPanel({ editable }: { editable: boolean }) {
  const t = useT(reconciliationMessages);
  const [state, setState] = useState<EntryState>('unmatched');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(0);
  const { text, setText, keyword } = useKeyword();
  const [searched, setSearched] = useState(keyword);
  if (searched !== keyword) {
    setSearched(keyword);
    setPage(1);
  }
  const list = useQuery(entriesQuery(state, keyword, page));
  const rows = list.data?.data ?? [];
  if (rows.length > pageSize) setPageSize(rows.length);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / Math.max(pageSize, rows.length, 1)));
  return (
    <section className={manageStyles.card} aria-label={t('entries.title')} data-testid="statement-entries">
      <h2 className={manageStyles.cardTitle}>{t('entries.title')}</h2>
      <div className={queueStyles.queueTabs} role="group" aria-label={t('entries.title')}>
        {ENTRY_STATES.map((one) => (
          <button
            key={one}
            type="button"
            className={queueStyles.queueTab}
            aria-pressed={state === one}
            onClick={() => {
              setState(one);
              setPage(1);
            }}
            data-testid={`entries-${one}`}
          >
            {t(`state.${one}`)}
          </button>
        ))}
      </div>
      <input
        type="search"
        className={`${queueStyles.input} ${styles.search}`}
        placeholder={t('entries.search')}
        aria-label={t('entries.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="entries-search"
      />
      {list.isPending ? (
        <p aria-busy="true">{t('entries.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{errorText(list.error)}</p>
      ) : rows.length === 0 ? (
        <p className={manageStyles.muted} data-testid="entries-empty">
          {t('entries.empty')}
        </p>
      ) : (
        <ul className={manageStyles.entryList} aria-busy={list.isPlaceholderData}>
          {rows.map((entry) => (
            <EntryCard key={entry.entry_ref} entry={entry} editable={editable} />
          ))}
        </ul>
      )}
      {total > 0 && <Pager page={page} pages={pages} total={total} onPage={setPage} />}
    </section>
  );
}
