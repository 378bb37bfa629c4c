import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { isStatus } from '../../../../domain/order/status.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useFormat } from '../../../lib/use-format.js';
import { OrderProgress } from '../../../components/order-progress/order-progress.js';
import { orderAsOfQuery } from './api/order-as-of.js';
import * as styles from './audit.css.js';
import { auditMessages } from './messages.js';

/**
 * The order as it stood after the chosen revision, replayed on the server from the stream's
 * prefix and drawn with the payer's own progress component; a slider steps through the revisions.
 */
export function AsOfView({
  id,
  revision,
  last,
  onPick,
}: {
  id: string;
  revision: string;
  last: number;
  onPick: (revision: string) => void;
}) {
  const t = useT(auditMessages);
  const format = useFormat();
  const sliderId = useId();
  const asOf = useQuery(orderAsOfQuery(id, revision));
  const data = asOf.data;
  return (
    <section aria-label={t('asOf.title')} data-testid="as-of">
      <h2>{t('asOf.title')}</h2>
      <label htmlFor={sliderId} className={styles.small}>
        {t('asOf.slider')}
      </label>
      <input
        id={sliderId}
        className={styles.slider}
        type="range"
        min={0}
        max={last}
        step={1}
        value={Number(revision)}
        onChange={(event) => onPick(event.target.value)}
        data-testid="as-of-slider"
      />
      {!data ? (
        <p aria-busy={asOf.isPending}>{asOf.isError ? errorText(asOf.error) : '…'}</p>
      ) : (
        <div aria-busy={asOf.isFetching} data-testid="as-of-order" data-revision={data.revision} data-status={data.order.status}>
          <p className={styles.small}>{t('asOf.at', { revision: data.revision, time: format.dateTime(data.occurred_at) })}</p>
          {isStatus(data.order.status) && <OrderProgress status={data.order.status} />}
          <p>
            {t('asOf.amount')}: {format.money(data.order.amount, data.order.currency)}
            {data.order.cny_amount && ` · ${t('asOf.cny')}: ${format.money(data.order.cny_amount, 'CNY')}`}
          </p>
          <h3 className={styles.small}>{t('asOf.offered')}</h3>
          <ul className={styles.chips} data-testid="as-of-offered">
            {data.offered.map((offer) => (
              <li key={offer.type} className={styles.chip}>
                {offer.type} ({offer.roles.join(', ')})
              </li>
            ))}
          </ul>
          {data.settable_statuses.length > 0 && (
            <p className={styles.small}>
              {t('asOf.settable')}: {data.settable_statuses.join(', ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
