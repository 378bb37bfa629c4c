import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { isPhoneWidth } from '../../lib/environment.js';
import { useSession } from '../../lib/session.js';
import type { Institution } from './api/list-institutions.js';
import { InstitutionSelect } from './institution-select.js';
import { amountStepUrl, loginUrl, rememberResource, sourceOf, useInstitutions } from './institutions.js';
import { homeMessages } from './messages.js';
import * as styles from './home-page.css.js';

const FEATURES = [
  { key: 'fast', icon: 'M12 6v6l4 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z' },
  { key: 'support', icon: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1v-4Zm16 0h-3v5h2a1 1 0 0 0 1-1v-4Z' },
  { key: 'safe', icon: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3.5 9 2.5 2.5 4.5-4.5' },
] as const;
const FLOW = ['flow.amount', 'flow.account', 'flow.payer', 'flow.check', 'flow.pay'] as const;

const phoneWidth = () => typeof window.matchMedia === 'function' && isPhoneWidth();

/** Home (SPEC.md section 2): hero, tagline and the institution selector that starts a payment. */
export default function HomePage() {
  const t = useT(homeMessages);
  const { user } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const from = sourceOf(search);
  const institutions = useInstitutions();

  // Back from the login that choosing an institution asked for (/login?resource=…&from=… → /?resource=…&from=…).
  const pending = search.get('resource');
  useEffect(() => {
    if (!user || !pending) return;
    rememberResource(pending);
    navigate(amountStepUrl(pending, from), { replace: true });
  }, [user, pending, from, navigate]);

  const choose = (institution: Institution) => {
    if (!user) {
      notify.error(t('toast.loginFirst'));
      navigate(loginUrl(institution.id, from));
      return;
    }
    rememberResource(institution.id);
    navigate(amountStepUrl(institution.id, from));
  };

  const onFocus = () => {
    if (phoneWidth()) navigate(`/home/phone?${new URLSearchParams({ from })}`);
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="home-title" className={styles.title}>
              {t('hero.title')}
            </h1>
            <p className={styles.tagline}>{t('hero.tagline')}</p>
            <div className={styles.searchCard}>
              <InstitutionSelect load={institutions} retry={institutions.retry} onChoose={choose} onFocus={onFocus} />
            </div>
          </div>
          <div className={styles.poster} aria-hidden="true">
            <div className={styles.globe} />
            <div className={`${styles.chip} ${styles.chipTop}`}>¥ CNY</div>
            <div className={`${styles.chip} ${styles.chipBottom}`}>€ $ ¥ A$</div>
          </div>
        </div>
      </section>

      <section className={styles.features}>
        {FEATURES.map((feature) => (
          <article key={feature.key} className={styles.feature}>
            <svg className={styles.featureIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path d={feature.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 className={styles.featureTitle}>{t(`feature.${feature.key}.title`)}</h2>
            <p className={styles.featureText}>{t(`feature.${feature.key}.text`)}</p>
          </article>
        ))}
      </section>

      <section className={styles.flow} aria-labelledby="home-flow">
        <h2 id="home-flow" className={styles.flowTitle}>
          {t('flow.title')}
        </h2>
        <ol className={styles.flowList}>
          {FLOW.map((key, index) => (
            <li key={key} className={styles.flowStep}>
              <span className={styles.flowNumber}>{index + 1}</span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
