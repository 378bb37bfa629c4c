import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { LOCALES, useLocale, useT, type Locale } from '../../i18n/i18n.js';
import { mayDo, roleOfGroup, seesConsole } from '../../../domain/access/roles.js';
import { useSession } from '../../lib/session.js';
import * as styles from './header.css.js';

export const OFFICIAL_SITE = 'https://www.example.com';
const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English', 'de-DE': 'Deutsch' };

function LanguageSelect() {
  const { locale, setLocale } = useLocale();
  const t = useT(commonMessages);
  return (
    <select aria-label={t('nav.language')} className={styles.language} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
      {LOCALES.map((value) => (
        <option key={value} value={value}>
          {LOCALE_NAMES[value]}
        </option>
      ))}
    </select>
  );
}

/** Header of SPEC.md section 2: desktop links, or one collapsed menu at 776 px and below. */
export function Header() {
  const t = useT(commonMessages);
  const { user, signOut } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = () => {
    signOut('logout');
    notify.success(t('toast.loggedOut'));
    void navigate('/');
  };
  const items = user
    ? [
        { key: 'orders', label: t('nav.myOrders'), to: '/orders' },
        ...(seesConsole(user.group) ? [{ key: 'admin', label: t('nav.adminConsole'), to: '/manage' }] : []),
        ...(mayDo(roleOfGroup(user.group), 'warehouse.read') ? [{ key: 'warehouse', label: t('nav.warehouse'), to: '/stocks' }] : []),
      ]
    : [];
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {t('brand.name')}
        </Link>
        <nav className={styles.desktopNav} aria-label="main">
          <Link to="/">{user ? t('nav.applyRemittance') : t('nav.applyPayment')}</Link>
          <a href={OFFICIAL_SITE} target="_blank" rel="noreferrer">
            {t('nav.officialSite')}
          </a>
          <LanguageSelect />
          {user ? (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className={styles.userButton} data-testid="user-menu">
                {user.name || user.email}
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className={styles.menu} align="end">
                  {items.map((item) => (
                    <DropdownMenu.Item key={item.key} className={styles.menuItem} onSelect={() => navigate(item.to)}>
                      {item.label}
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Item className={styles.menuItem} onSelect={logout}>
                    {t('nav.logout')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <Link to="/login">{t('nav.registerLogin')}</Link>
          )}
        </nav>
        <div className={styles.collapsed}>
          <LanguageSelect />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className={styles.menuButton} aria-label={t('nav.menu')} data-testid="collapsed-menu">
              ☰
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className={styles.menu} align="end">
                <DropdownMenu.Item className={styles.menuItem} onSelect={() => navigate('/')}>
                  {user ? t('nav.applyRemittance') : t('nav.applyPayment')}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={styles.menuItem} onSelect={() => window.open(OFFICIAL_SITE, '_blank', 'noreferrer')}>
                  {t('nav.officialSite')}
                </DropdownMenu.Item>
                {items.map((item) => (
                  <DropdownMenu.Item key={item.key} className={styles.menuItem} onSelect={() => navigate(item.to)}>
                    {item.label}
                  </DropdownMenu.Item>
                ))}
                <DropdownMenu.Item className={styles.menuItem} onSelect={user ? logout : () => navigate('/login')}>
                  {user ? t('nav.logout') : t('nav.registerLogin')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}
