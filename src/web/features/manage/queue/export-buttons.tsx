import { useState, type MouseEvent } from 'react';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';
import type { OrderFilter } from '../../../../domain/contract/funds.js';
import { useT } from '../../../i18n/i18n.js';
import { urlOf } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/error-text.js';
import { downloadWithToken } from '../../../lib/download-file.js';
import { queueMessages } from './messages.js';
import * as styles from './queue.css.js';

type Format = 'csv' | 'xlsx';

/** The export's query: the list's filters and keyword as the export takes them (statuses as "2,3"; unset ones left out). */
export function exportQuery(filter: OrderFilter, keyword = ''): Record<string, string> {
  const query: Record<string, string> = {};
  if (keyword.trim() !== '') query.keyword = keyword.trim();
  if (filter.queue) query.queue = filter.queue;
  if (filter.status && filter.status.length > 0) query.status = filter.status.join(',');
  if (filter.created_from) query.created_from = filter.created_from;
  if (filter.created_to) query.created_to = filter.created_to;
  if (filter.sort) query.sort = filter.sort;
  return query;
}

/** GET manage/orders/export.csv|.xlsx with the current filters. */
export const exportUrl = (format: Format, filter: OrderFilter, keyword = ''): string =>
  urlOf(format === 'csv' ? manageEndpoints.exportCsv : manageEndpoints.exportXlsx, {}, exportQuery(filter, keyword));

/**
 * "Export CSV" / "Export Excel" for the orders the queue shows now. Each is a link to the export
 * with the current filters; a click fetches it with the bearer token (a plain link cannot send it)
 * and saves the answer.
 */
export function ExportButtons({ filter, keyword }: { filter: OrderFilter; keyword?: string }) {
  const t = useT(queueMessages);
  const [busy, setBusy] = useState<Format | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const link = (format: Format) => {
    const url = exportUrl(format, filter, keyword);
    const click = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      if (busy) return;
      setBusy(format);
      setFailed(null);
      downloadWithToken(url, `orders.${format}`)
        .catch((error: unknown) => setFailed(error ?? new Error('export')))
        .finally(() => setBusy(null));
    };
    return (
      <a
        href={url}
        download={`orders.${format}`}
        className={styles.exportLink}
        aria-busy={busy === format}
        onClick={click}
        data-testid={`export-${format}`}
      >
        {t(`export.${format}`)}
      </a>
    );
  };
  return (
    <div className={styles.exportLinks} data-testid="queue-exports">
      {link('csv')}
      {link('xlsx')}
      {failed !== null && (
        <span role="alert" className={styles.exportError}>
          {errorText(failed)}
        </span>
      )}
    </div>
  );
}
