import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { LOCALES, useLocale, useT, type Locale } from '../../i18n/i18n.js';
import { groupMayDo, seesConsole } from '../../../domain/access/roles.js';
import { endSessionOnServer } from '../../lib/api-client.js';
import { useSession } from '../../lib/session.js';
import * as styles from './header.css.js';

export const OFFICIAL_SITE = 'https://www.example.com';
const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English', 'de-DE': 'Deutsch' };

/** The language menu: a radix menu like the user menu beside it, the current language ticked. */
function LanguageSelect() {
  const { locale, setLocale } = useLocale();
  const t = useT(commonMessages);
  return (
    <DropdownMenu.Root>
      {/* The name says what the control is and, as it shows, which language is on. */}
      <DropdownMenu.Trigger
        className={styles.languageButton}
        aria-label={`${t('nav.language')}: ${LOCALE_NAMES[locale]}`}
        data-testid="language-menu"
      >
        <GlobeIcon />
        <span>{LOCALE_NAMES[locale]}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end">
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => setLocale(value as Locale)}>
            {LOCALES.map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={styles.menuItem} lang={value}>
                <DropdownMenu.ItemIndicator className={styles.tick}>✓</DropdownMenu.ItemIndicator>
                {LOCALE_NAMES[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

/** Header of SPEC.md section 2: desktop links, or one collapsed menu at 776 px and below. */
export function Header() {
  const t = useT(commonMessages);
  const { user, signOut } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  // The server ends the session first (on every device with `everywhere`); the local one ends even when it cannot be reached.
  const logout = async (everywhere = false) => {
    await endSessionOnServer(everywhere);
    signOut('logout');
    notify.success(t(everywhere ? 'toast.loggedOutEverywhere' : 'toast.loggedOut'));
    void navigate('/');
  };
  // Only what the role may open: staff create no orders, warehouse staff have no console.
  const paysHere = !user || groupMayDo(user.group, 'orders.own');
  const items = user
    ? [
        ...(paysHere ? [{ key: 'orders', label: t('nav.myOrders'), to: '/orders' }] : []),
        ...(seesConsole(user.group) ? [{ key: 'admin', label: t('nav.adminConsole'), to: '/manage' }] : []),
        ...(groupMayDo(user.group, 'warehouse.read') ? [{ key: 'warehouse', label: t('nav.warehouse'), to: '/stocks' }] : []),
        // Staff enrol their second factor there (DESIGN.md section 12).
        ...(groupMayDo(user.group, 'factors.enrol') ? [{ key: 'security', label: t('nav.security'), to: '/account/security' }] : []),
      ]
    : [];
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {t('brand.name')}
        </Link>
        <nav className={styles.desktopNav} aria-label="main">
          {paysHere && (
            <Link to="/" className={styles.navLink}>
              {user ? t('nav.applyRemittance') : t('nav.applyPayment')}
            </Link>
          )}
          <a href={OFFICIAL_SITE} target="_blank" rel="noreferrer" className={styles.navLink}>
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
                    <DropdownMenu.Item
                      key={item.key}
                      className={styles.menuItem}
                      onSelect={() => {
                        navigate(item.to);
                      }}
                    >
                      {item.label}
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Item className={styles.menuItem} onSelect={() => void logout()}>
                    {t('nav.logout')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={styles.menuItem} onSelect={() => void logout(true)}>
                    {t('nav.logoutEverywhere')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <Link to="/login" className={styles.navButton}>
              {t('nav.registerLogin')}
            </Link>
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
                {paysHere && (
                  <DropdownMenu.Item
                    className={styles.menuItem}
                    onSelect={() => {
                      navigate('/');
                    }}
                  >
                    {user ? t('nav.applyRemittance') : t('nav.applyPayment')}
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item className={styles.menuItem} onSelect={() => window.open(OFFICIAL_SITE, '_blank', 'noreferrer')}>
                  {t('nav.officialSite')}
                </DropdownMenu.Item>
                {items.map((item) => (
                  <DropdownMenu.Item
                    key={item.key}
                    className={styles.menuItem}
                    onSelect={() => {
                      navigate(item.to);
                    }}
                  >
                    {item.label}
                  </DropdownMenu.Item>
                ))}
                <DropdownMenu.Item
                  className={styles.menuItem}
                  onSelect={
                    user
                      ? () => void logout()
                      : () => {
                          navigate('/login');
                        }
                  }
                >
                  {user ? t('nav.logout') : t('nav.registerLogin')}
                </DropdownMenu.Item>
                {user && (
                  <DropdownMenu.Item className={styles.menuItem} onSelect={() => void logout(true)}>
                    {t('nav.logoutEverywhere')}
                  </DropdownMenu.Item>
                )}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}
