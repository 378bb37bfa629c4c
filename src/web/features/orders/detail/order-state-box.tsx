import { Button } from '../../../components/form.js';
import { commonMessages } from '../../../i18n/common-messages.js';
import { useT } from '../../../i18n/i18n.js';
import * as styles from './order-detail.css.js';

/** The order page while the order is read the first time. */
export function OrderLoading() {
  const tc = useT(commonMessages);
  return (
    <div className={styles.page}>
      <p className={styles.stateBox} aria-busy="true">
        {tc('common.loading')}
      </p>
    </div>
  );
}

/** The order page without an order: why, when known, and a retry. */
export function OrderLoadFailed({ failure, onRetry }: { failure: string | null; onRetry: () => void }) {
  const tc = useT(commonMessages);
  return (
    <div className={styles.page}>
      <div className={styles.stateBox} role="alert">
        <p>{tc('common.loadFailed')}</p>
        {failure !== null && <p>{failure}</p>}
        <Button variant="secondary" onClick={onRetry}>
          {tc('common.retry')}
        </Button>
      </div>
    </div>
  );
}
