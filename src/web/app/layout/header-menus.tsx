import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { useSession, type SessionUser } from '../../lib/session.js';
import * as styles from './header.css.js';
import { OFFICIAL_SITE } from './official-site.js';
import { useLogout } from './use-logout.js';
import { paysHere, useNavItems } from './use-nav-items.js';

/** The signed-in user's pages, one menu item each. */
function NavMenuItems() {
  const navigate = useNavigate();
  return useNavItems().map((item) => (
    <DropdownMenu.Item
      key={item.key}
      className={styles.menuItem}
      onSelect={() => {
        navigate(item.to);
      }}
    >
      {item.label}
    </DropdownMenu.Item>
  ));
}

/** Logging out here, or on every device. */
function LogoutItems() {
  const t = useT(commonMessages);
  const logout = useLogout();
  return (
    <>
      <DropdownMenu.Item className={styles.menuItem} onSelect={() => void logout()}>
        {t('nav.logout')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={styles.menuItem} onSelect={() => void logout(true)}>
        {t('nav.logoutEverywhere')}
      </DropdownMenu.Item>
    </>
  );
}

/** The desktop header's menu under the user's name: their pages and logging out. */
export function UserMenu({ user }: { user: SessionUser }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.userButton} data-testid="user-menu">
        {user.name || user.email}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end">
          <NavMenuItems />
          <LogoutItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Everything the desktop header links to, in one menu at 776 px and below. */
export function CollapsedMenu() {
  const t = useT(commonMessages);
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.menuButton} aria-label={t('nav.menu')} data-testid="collapsed-menu">
        ☰
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end">
          {paysHere(user) && (
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
          <NavMenuItems />
          {user ? (
            <LogoutItems />
          ) : (
            <DropdownMenu.Item
              className={styles.menuItem}
              onSelect={() => {
                navigate('/login');
              }}
            >
              {t('nav.registerLogin')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
