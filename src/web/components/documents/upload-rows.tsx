import { Progress } from 'radix-ui';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import * as styles from './document-uploader.css.js';
import { documentMessages } from './messages.js';
import type { UploadItem } from './upload-queue-machine.js';

interface RowProps {
  readonly item: UploadItem;
  readonly onRetry: (key: string) => void;
  readonly onCancel: (key: string) => void;
}

function CancelButton({ item, onCancel }: Pick<RowProps, 'item' | 'onCancel'>) {
  const t = useT(documentMessages);
  return (
    <button
      type="button"
      className={styles.dangerLink}
      aria-label={t('upload.cancelLabel', { name: item.file.name })}
      onClick={() => onCancel(item.key)}
    >
      {t('upload.cancel')}
    </button>
  );
}

function UploadingRow({ item, onCancel }: Pick<RowProps, 'item' | 'onCancel'>) {
  const t = useT(documentMessages);
  const { name } = item.file;
  return (
    <li className={styles.uploadingRow} data-testid="uploading-row" aria-busy="true">
      <span className={styles.name}>{name}</span>
      <span className={styles.uploadingLabel}>{t('upload.uploading')}</span>
      <span className={styles.uploadingLabel}>{item.percent}%</span>
      <CancelButton item={item} onCancel={onCancel} />
      <Progress.Root className={styles.progress} value={item.percent} max={100} aria-label={t('upload.progress', { name })}>
        <Progress.Indicator className={styles.progressIndicator} style={{ transform: `translateX(-${100 - item.percent}%)` }} />
      </Progress.Root>
    </li>
  );
}

function QueuedRow({ item, onCancel }: Pick<RowProps, 'item' | 'onCancel'>) {
  const t = useT(documentMessages);
  return (
    <li className={styles.queuedRow} data-testid="queued-row">
      <span className={styles.name}>{item.file.name}</span>
      <span className={styles.uploadingLabel}>{t('upload.queued')}</span>
      <CancelButton item={item} onCancel={onCancel} />
    </li>
  );
}

function FailedRow({ item, onRetry, onCancel }: RowProps) {
  const t = useT(documentMessages);
  const { name } = item.file;
  return (
    <li className={styles.failedRow} data-testid="failed-row">
      <span className={styles.failedText}>{t('upload.failed', { name })}</span>
      <button type="button" className={styles.linkButton} aria-label={t('upload.retryLabel', { name })} onClick={() => onRetry(item.key)}>
        {t('upload.retry')}
      </button>
      <CancelButton item={item} onCancel={onCancel} />
      <span className={styles.reason}>{errorText(item.error)}</span>
    </li>
  );
}

/** A file on its way: travelling (with its progress), waiting its turn, or failed (with a retry). */
export function UploadRow(props: RowProps) {
  switch (props.item.status) {
    case 'uploading':
      return <UploadingRow {...props} />;
    case 'queued':
      return <QueuedRow {...props} />;
    case 'failed':
      return <FailedRow {...props} />;
  }
}
