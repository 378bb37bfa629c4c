import { groupMayDo, seesConsole } from '../../../domain/access/roles.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { useSession, type SessionUser } from '../../lib/session.js';

interface NavItem {
  readonly key: string;
  readonly label: string;
  readonly to: string;
}

/** Staff create no orders: the payment links are for payers and visitors. */
export const paysHere = (user: SessionUser | null): boolean => !user || groupMayDo(user.group, 'orders.own');

/** The signed-in user's pages: only what the role may open (warehouse staff have no console). */
export function useNavItems(): readonly NavItem[] {
  const t = useT(commonMessages);
  const { user } = useSession();
  if (!user) return [];
  return [
    ...(paysHere(user) ? [{ key: 'orders', label: t('nav.myOrders'), to: '/orders' }] : []),
    ...(seesConsole(user.group) ? [{ key: 'admin', label: t('nav.adminConsole'), to: '/manage' }] : []),
    ...(groupMayDo(user.group, 'warehouse.read') ? [{ key: 'warehouse', label: t('nav.warehouse'), to: '/stocks' }] : []),
    // Staff enrol their second factor there (DESIGN.md section 12).
    // Payers choose their notification mails there (DESIGN.md section 11).
    ...(groupMayDo(user.group, 'factors.enrol') || paysHere(user)
      ? [{ key: 'security', label: t('nav.security'), to: '/account/security' }]
      : []),
  ];
}
