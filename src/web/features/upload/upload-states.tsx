import { Button } from '../../components/form.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { uploadMessages } from './messages.js';
import * as styles from './upload-page.css.js';

/** The upload page while the link is looked up. */
export function UploadLoading() {
  const tc = useT(commonMessages);
  return (
    <div className={styles.page} aria-busy="true">
      <p className={styles.muted}>{tc('common.loading')}</p>
    </div>
  );
}

/** The link is unknown or switched off: nothing to retry. */
export function LinkInactive() {
  const t = useT(uploadMessages);
  return (
    <div className={styles.page}>
      <div className={styles.notice} role="alert" data-testid="link-inactive">
        <h1 className={styles.noticeTitle}>{t('link.inactive')}</h1>
        <p className={styles.muted}>{t('link.inactiveHint')}</p>
      </div>
    </div>
  );
}

/** Looking the link up failed otherwise: why, and a retry. */
export function UploadLoadFailed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const tc = useT(commonMessages);
  return (
    <div className={styles.page}>
      <div className={styles.notice} role="alert">
        <h1 className={styles.noticeTitle}>{tc('common.loadFailed')}</h1>
        <p className={styles.muted}>{reason}</p>
        <p>
          <Button variant="secondary" onClick={onRetry}>
            {tc('common.retry')}
          </Button>
        </p>
      </div>
    </div>
  );
}
