import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/i18n.js';
import { useDebounced } from '../../lib/use-debounced.js';
import { useFormat } from '../../lib/use-format.js';
import { quotaQuery, type QuotaRequest } from './api/find-quota.js';
import * as styles from './quota-line.css.js';
import { quotaMessages } from './quota-messages.js';

/** Typing pauses this long before the figures are asked for again. */
const TYPING_PAUSE_MS = 400;

/**
 * Steps 1 and 4 (DESIGN.md section 11, "Quota"): the amount in USD, the payer's year against the
 * USD 50,000 allowance and what counts, and a warning beyond it (a warning only: the bank decides).
 * Nothing to ask about (`null`: no acceptable amount) shows nothing; nor does a failed read, since
 * the line only informs and the step goes on without it.
 */
export function QuotaLine({ request }: { request: QuotaRequest | null }) {
  const t = useT(quotaMessages);
  const format = useFormat();
  const asked = useDebounced(request === null ? null : JSON.stringify(request), TYPING_PAUSE_MS);
  const quota = useQuery({ ...quotaQuery(asked === null ? {} : (JSON.parse(asked) as QuotaRequest)), enabled: asked !== null });
  if (request === null || asked === null || !quota.data) return null;
  const usd = (value: string) => format.money(value, 'USD');
  const { order_usd, year_usd, allowance_usd, remaining_usd, year, exceeds_allowance } = quota.data;
  return (
    <section className={styles.quota} aria-label={t('quota.label')} aria-live="polite" data-testid="quota">
      <div className={styles.figures}>
        <span className={`${styles.figure} ${styles.strong}`} data-testid="quota-order">
          {t('quota.orderUsd', { usd: usd(order_usd) })}
        </span>
        <span className={styles.figure} data-testid="quota-year">
          {t('quota.yearUsed', { year: String(year), used: usd(year_usd), allowance: usd(allowance_usd) })}
        </span>
        <span className={styles.figure} data-testid="quota-remaining">
          {t('quota.remaining', { remaining: usd(remaining_usd) })}
        </span>
      </div>
      {exceeds_allowance && (
        <p className={styles.warning} role="alert" data-testid="quota-warning">
          {t('quota.exceeds')}
        </p>
      )}
      <p className={styles.note} data-testid="quota-note">
        {t('quota.counts', { year: String(year) })}
      </p>
    </section>
  );
}
