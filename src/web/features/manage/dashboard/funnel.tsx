import type { ManageDashboard } from '../../../../domain/contract/manage.js';
import { useLocale, useT } from '../../../i18n/i18n.js';
import { formatCount } from '../../../lib/count-format.js';
import * as styles from './dashboard.css.js';
import { dashboardMessages } from './messages.js';

const STEPS = ['created', 'confirmed', 'paid', 'remitting', 'complete'] as const;

/** The share of `count` in `of`, as a percentage in the locale (0 % of nothing). */
const shareOf = (count: number, of: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(of === 0 ? 0 : count / of);

/** How far the orders created in the span got, each step as a bar of the created ones, with its count and share as text. */
export function Funnel({ funnel }: { funnel: ManageDashboard['funnel'] }) {
  const t = useT(dashboardMessages);
  const { locale } = useLocale();
  const titleId = 'dashboard-funnel-title';
  return (
    <section aria-labelledby={titleId} className={styles.funnelSection}>
      <h3 id={titleId} className={styles.figureTitle}>
        {t('funnel.title')}
      </h3>
      <ol className={styles.funnel} data-testid="dashboard-funnel">
        {STEPS.map((step) => {
          const width = funnel.created === 0 ? 0 : (funnel[step] / funnel.created) * 100;
          return (
            <li key={step} className={styles.funnelStep} data-testid={`funnel-${step}`}>
              <span>{t(`funnel.${step}`)}</span>
              <span className={styles.funnelTrack} aria-hidden="true">
                <span className={styles.funnelBar} style={{ width: `${width}%`, display: 'block' }} />
              </span>
              <span className={styles.funnelValue}>
                {t('funnel.share', { count: formatCount(funnel[step], locale), percent: shareOf(funnel[step], funnel.created, locale) })}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
