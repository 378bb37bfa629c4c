import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import * as styles from './layout.css.js';

/** Header, page, footer; /home/phone has no header (SPEC.md "Mobile institution search"). */
export function Layout() {
  const { pathname } = useLocation();
  const t = useT(commonMessages);
  const brand = t('brand.name');
  useEffect(() => {
    document.title = brand;
  }, [brand]);
  return (
    <div className={styles.shell}>
      {pathname !== '/home/phone' && <Header />}
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
