import type { FileEntry } from '../../../../domain/order/order-data.js';
import { FileIcon } from '../../../components/documents/icons.js';
import { useT } from '../../../i18n/i18n.js';
import { FileDownloadLink } from './file-download-link.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** The uploaded files with their download links. */
export function OrderFiles({ files }: { files: readonly FileEntry[] }) {
  const t = useT(orderDetailMessages);
  return (
    <section className={styles.card} aria-labelledby="order-files-title" data-testid="order-files">
      <h2 id="order-files-title" className={styles.cardTitle}>
        {t('files.title')} ({files.length})
      </h2>
      {files.length === 0 ? (
        <p className={styles.muted}>{t('files.empty')}</p>
      ) : (
        <ul className={styles.fileList}>
          {files.map((file) => (
            <li key={file.uid} className={styles.fileItem}>
              <FileIcon />
              <span className={styles.fileName} title={file.name}>
                {file.name}
              </span>
              <FileDownloadLink file={file} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
