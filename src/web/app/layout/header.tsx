import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { CollapsedMenu, UserMenu } from './header-menus.js';
import * as styles from './header.css.js';
import { LanguageSelect } from './language-select.js';
import { OFFICIAL_SITE } from './official-site.js';
import { paysHere } from './use-nav-items.js';

/** The bell is its own chunk: a visitor (and the home route's budget) never loads it. */
const NotificationBell = lazy(() => import('./notifications/notification-bell.js'));

/** Header of SPEC.md section 2: desktop links, or one collapsed menu at 776 px and below. */
export function Header() {
  const t = useT(commonMessages);
  const { user } = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {t('brand.name')}
        </Link>
        <div className={styles.actions}>
          <DesktopNav />
          <div className={styles.collapsed}>
            <LanguageSelect />
            <CollapsedMenu />
          </div>
          {user && (
            <Suspense fallback={null}>
              <NotificationBell user={user} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

function DesktopNav() {
  const t = useT(commonMessages);
  const { user } = useSession();
  return (
    <nav className={styles.desktopNav} aria-label="main">
      {paysHere(user) && (
        <Link to="/" className={styles.navLink}>
          {user ? t('nav.applyRemittance') : t('nav.applyPayment')}
        </Link>
      )}
      <a href={OFFICIAL_SITE} target="_blank" rel="noreferrer" className={styles.navLink}>
        {t('nav.officialSite')}
      </a>
      <LanguageSelect />
      {user ? (
        <UserMenu user={user} />
      ) : (
        <Link to="/login" className={styles.navButton}>
          {t('nav.registerLogin')}
        </Link>
      )}
    </nav>
  );
}
