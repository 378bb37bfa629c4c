import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer.js';
import { Header } from './header.js';
import * as styles from './layout.css.js';

/** Header, page, footer; /home/phone has no header (SPEC.md "Mobile institution search"). */
export function Layout() {
  const { pathname } = useLocation();
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
