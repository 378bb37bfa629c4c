import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

/**
 * The pieces received against a record next to the declared ones, and, where they differ, the
 * difference marked (少收 3 件 / 多收 2 件) so a short or over delivery stands out in a list.
 */
export function ReceivedPieces({ received, difference }: { received: number; difference: number | null }) {
  const { t, pieces, format } = useWarehouseText();
  return (
    <>
      {pieces.count(received)}
      {difference !== null && difference !== 0 && (
        <>
          {' '}
          <strong className={styles.difference} title={t('difference.title')} data-testid="pieces-difference" data-difference={difference}>
            {t(difference < 0 ? 'difference.short' : 'difference.over', { n: format.number(String(Math.abs(difference))) })}
          </strong>
        </>
      )}
    </>
  );
}
