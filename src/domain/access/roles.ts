/**
 * Who a signed-in user is to the back office (DESIGN.md section 7): the user's `group` names a role,
 * and each role may use only some areas. The server checks every call against this table; the web
 * reads the same table to show only what the role may use.
 */
export const ROLE_OF_GROUP = { 0: 'payer', 1: 'admin', 2: 'auditor', 3: 'warehouse' } as const;
export type Group = keyof typeof ROLE_OF_GROUP;
export type Role = (typeof ROLE_OF_GROUP)[Group];
export const GROUPS = Object.keys(ROLE_OF_GROUP).map(Number) as Group[];

export const isGroup = (value: unknown): value is Group => typeof value === 'number' && Object.hasOwn(ROLE_OF_GROUP, value);

/** An unknown group is treated as a payer: it opens nothing. */
export const roleOfGroup = (group: number): Role => (isGroup(group) ? ROLE_OF_GROUP[group] : 'payer');

/** What may be done where: reading and changing the back office, the warehouse and the audit trail. */
export type Permission =
  | 'backOffice.read'
  | 'backOffice.change'
  | 'audit.read'
  | 'audit.run'
  | 'warehouse.read'
  | 'warehouse.change';

const PERMISSIONS: { readonly [R in Role]: readonly Permission[] } = {
  payer: [],
  admin: ['backOffice.read', 'backOffice.change', 'audit.read', 'audit.run', 'warehouse.read', 'warehouse.change'],
  // Reads everything an admin reads, changes nothing.
  auditor: ['backOffice.read', 'audit.read', 'warehouse.read'],
  warehouse: ['warehouse.read', 'warehouse.change'],
};

export const mayDo = (role: Role, permission: Permission): boolean => PERMISSIONS[role].includes(permission);

/** SPEC.md: the header's "admin console" entry shows for any non-zero group. */
export const seesConsole = (group: number): boolean => group !== 0;
