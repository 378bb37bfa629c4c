import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT, useTPlural } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { Highlighted } from './institution-select.js';
import { amountStepUrl, filterInstitutions, rememberResource, sourceOf, useInstitutions } from './institutions.js';
import { homeMessages } from './messages.js';
import * as styles from './phone-search-page.css.js';

/** /home/phone (SPEC.md "Mobile institution search"): a full-screen search, without the header. */
export default function PhoneSearchPage() {
  const t = useT(homeMessages);
  const tp = useTPlural(homeMessages);
  const common = useT(commonMessages);
  const id = useId();
  const { user } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const from = sourceOf(search);
  const [query, setQuery] = useState('');
  const institutions = useInstitutions();
  const shown = useMemo(
    () => (institutions.state === 'ready' ? filterInstitutions(institutions.institutions, query) : []),
    [institutions, query],
  );

  const onChange = (value: string) => {
    setQuery(value);
    if (!user && value !== '') {
      notify.error(t('toast.loginFirst'));
      navigate(`/login?${new URLSearchParams({ redirect: `/home/phone?${new URLSearchParams({ from })}` })}`);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.bar} role="search">
        <label htmlFor={`${id}-search`} className={styles.visuallyHidden}>
          {t('phone.label')}
        </label>
        <div className={styles.control}>
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={`${id}-search`}
            type="search"
            className={styles.input}
            placeholder={t('phone.placeholder')}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={query}
            onChange={(event) => onChange(event.target.value)}
            aria-controls={`${id}-results`}
          />
        </div>
        <Link to="/" className={styles.cancel}>
          {t('phone.cancel')}
        </Link>
      </div>

      <section id={`${id}-results`} aria-live="polite" className={styles.results}>
        <h1 className={styles.heading}>{query.trim() === '' ? t('phone.popular') : t('phone.results')}</h1>
        {institutions.state === 'loading' && <p className={styles.note}>{t('select.loading')}</p>}
        {institutions.state === 'failed' && (
          <p className={styles.note} role="alert">
            {t('select.loadFailed')}{' '}
            <button type="button" className={styles.retry} onClick={institutions.retry}>
              {common('common.retry')}
            </button>
          </p>
        )}
        {institutions.state === 'ready' && shown.length === 0 && <p className={styles.note}>{t('select.empty')}</p>}
        {query.trim() !== '' && shown.length > 0 && (
          <p className={styles.note} data-testid="match-count">
            {tp('select.count', shown.length)}
          </p>
        )}
        {shown.length > 0 && (
          <ul className={styles.list}>
            {shown.map((institution) => (
              <li key={institution.id}>
                <Link to={amountStepUrl(institution.id, from)} className={styles.item} onClick={() => rememberResource(institution.id)}>
                  <span className={styles.itemText}>
                    <span className={styles.name}>{institution.name}</span>
                    <span className={styles.english}>
                      <Highlighted text={institution.name_en} query={query} />
                    </span>
                  </span>
                  <span className={styles.chevron} aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
