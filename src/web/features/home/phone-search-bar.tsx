import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { homeMessages } from './messages.js';
import * as styles from './phone-search-page.css.js';

/** The search field across the top of /home/phone, with the way back home. `id` prefixes the field's and the results' ids. */
export function PhoneSearchBar({ id, query, onChange }: { id: string; query: string; onChange: (value: string) => void }) {
  const t = useT(homeMessages);
  return (
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
  );
}
