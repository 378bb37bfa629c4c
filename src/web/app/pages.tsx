import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { commonMessages } from '../i18n/common-messages.js';
import { useT } from '../i18n/i18n.js';
import * as styles from './pages.css.js';

/** Any path the app does not know (SPEC.md route table). */
export function NotFoundPage() {
  const t = useT(commonMessages);
  return (
    <div className={styles.centered} data-testid="not-found">
      <h1>{t('common.notFound')}</h1>
      <Link to="/">{t('common.goHome')}</Link>
    </div>
  );
}

/** A route's error boundary: a failed chunk load or a render error shows this, not a blank page. */
export function RouteError() {
  const t = useT(commonMessages);
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  return (
    <div className={styles.centered} role="alert">
      <h1>{t('common.errorPage')}</h1>
      {detail && <p>{detail}</p>}
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>{' '}
      <Link to="/">{t('common.goHome')}</Link>
    </div>
  );
}
