/**
 * Who a signed-in user is to the service (DESIGN.md sections 7 and 12): the user's `group` names a
 * role, and each role may do only what its work needs. The server checks every call against this
 * table before it reads the body; the web reads the same table to offer only what the role may open.
 */
export const ROLE_OF_GROUP = { 0: 'payer', 1: 'admin', 2: 'auditor', 3: 'warehouse' } as const;
export type Group = keyof typeof ROLE_OF_GROUP;
export type Role = (typeof ROLE_OF_GROUP)[Group];
export const GROUPS = Object.keys(ROLE_OF_GROUP).map(Number) as Group[];

export const isGroup = (value: unknown): value is Group => typeof value === 'number' && Object.hasOwn(ROLE_OF_GROUP, value);

/** An unknown group is treated as a payer: it opens nothing of the back office. */
export const roleOfGroup = (group: number): Role => (isGroup(group) ? ROLE_OF_GROUP[group] : 'payer');

/** Staff are every role but the payer: they sign in with a second factor and shorter sessions. */
export const isStaff = (group: number): boolean => roleOfGroup(group) !== 'payer';

/**
 * What may be done:
 * - `orders.own`: create orders and act on one's own (the payer's steps, documents, payment);
 * - `orders.read`: read any order and its documents (the back office and the audit);
 * - `personal.read`: see personal data in the clear (names, ID numbers, phone, email, references,
 *   the public upload link); without it they are masked;
 * - the back office, the audit trail and the warehouse, each read and changed apart;
 * - `approvals.decide`: approve or reject another admin's proposal (four eyes);
 * - `factors.enrol`: enrol a second factor (staff sign in with one; DESIGN.md section 12).
 */
export const PERMISSIONS = [
  'orders.own',
  'orders.read',
  'personal.read',
  'backOffice.read',
  'backOffice.change',
  'approvals.decide',
  'audit.read',
  'audit.run',
  'warehouse.read',
  'warehouse.change',
  'factors.enrol',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const PERMISSIONS_OF_ROLE: { readonly [R in Role]: readonly Permission[] } = {
  payer: ['orders.own'],
  // Everything but keeping orders of one's own: staff pay no one.
  admin: PERMISSIONS.filter((permission) => permission !== 'orders.own'),
  // Reads what an admin reads, personal data masked; changes nothing.
  auditor: ['orders.read', 'backOffice.read', 'audit.read', 'warehouse.read', 'factors.enrol'],
  // The stock and nothing of orders, payers or their documents.
  warehouse: ['warehouse.read', 'warehouse.change', 'factors.enrol'],
};

export const mayDo = (role: Role, permission: Permission): boolean => PERMISSIONS_OF_ROLE[role].includes(permission);

/** Whether a user of this group may do it (an unknown group is a payer). */
export const groupMayDo = (group: number, permission: Permission): boolean => mayDo(roleOfGroup(group), permission);

/** Where each role lands after signing in: its own work. */
const HOME_OF_ROLE: { readonly [R in Role]: string } = { payer: '/', admin: '/manage', auditor: '/manage', warehouse: '/stocks' };
export const homeOf = (group: number): string => HOME_OF_ROLE[roleOfGroup(group)];

/** The header's "admin console" entry: for the roles that may open the back office. */
export const seesConsole = (group: number): boolean => groupMayDo(group, 'backOffice.read');
