import { Link } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT, useTPlural } from '../../i18n/i18n.js';
import type { Institution } from './api/list-institutions.js';
import { Highlighted } from './institution-select.js';
import { amountStepUrl, rememberResource, type useInstitutions } from './institutions.js';
import { homeMessages } from './messages.js';
import * as styles from './phone-search-page.css.js';

/**
 * The institutions matching the search (the popular ones before any is typed), each a link to
 * the amount step; `from` is the page the search was opened from.
 */
export function PhoneSearchResults({
  id,
  query,
  institutions,
  shown,
  from,
}: {
  id: string;
  query: string;
  institutions: ReturnType<typeof useInstitutions>;
  shown: readonly Institution[];
  from: string;
}) {
  const t = useT(homeMessages);
  const tp = useTPlural(homeMessages);
  const common = useT(commonMessages);
  return (
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
            <InstitutionLink key={institution.id} institution={institution} query={query} from={from} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InstitutionLink({ institution, query, from }: { institution: Institution; query: string; from: string }) {
  return (
    <li>
      <Link to={amountStepUrl(institution.id, from)} className={styles.item} onClick={() => rememberResource(institution.id)}>
        <span className={styles.itemText}>
          <span className={styles.name}>
            <Highlighted text={institution.name} query={query} />
          </span>
          <span className={styles.english}>
            <Highlighted text={institution.name_en} query={query} />
          </span>
        </span>
        <span className={styles.chevron} aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}
