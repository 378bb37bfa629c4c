import { useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { filterInstitutions, sourceOf, useInstitutions } from './institutions.js';
import { homeMessages } from './messages.js';
import { PhoneSearchBar } from './phone-search-bar.js';
import { PhoneSearchResults } from './phone-search-results.js';
import * as styles from './phone-search-page.css.js';

/** /home/phone (SPEC.md "Mobile institution search"): a full-screen search, without the header. */
export default function PhoneSearchPage() {
  const t = useT(homeMessages);
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
      <PhoneSearchBar id={id} query={query} onChange={onChange} />
      <PhoneSearchResults id={id} query={query} institutions={institutions} shown={shown} from={from} />
    </div>
  );
}
