import { describe, expect, it } from 'vitest';
import {
  GROUPS,
  groupMayDo,
  homeOf,
  isStaff,
  mayDo,
  PERMISSIONS,
  roleOfGroup,
  seesConsole,
  type Permission,
} from '../../src/domain/index.js';

/** DESIGN.md sections 7 and 12, as a table: each role does only what its work needs. */
const EXPECTED: Record<number, readonly Permission[]> = {
  0: ['orders.own'],
  1: [
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
  ],
  2: ['orders.read', 'backOffice.read', 'audit.read', 'warehouse.read', 'factors.enrol'],
  3: ['warehouse.read', 'warehouse.change', 'factors.enrol'],
};
describe('roles', () => {
  it.each(GROUPS)('group %i may do exactly what DESIGN.md gives its role', (group) => {
    expect(PERMISSIONS.filter((permission) => mayDo(roleOfGroup(group), permission))).toEqual(EXPECTED[group]);
    expect(PERMISSIONS.filter((permission) => groupMayDo(group, permission))).toEqual(EXPECTED[group]);
  });
  it('treats an unknown group as a payer, who opens nothing of the back office', () => {
    for (const group of [-1, 4, 99, 1.5]) expect(PERMISSIONS.filter((permission) => groupMayDo(group, permission))).toEqual(['orders.own']);
  });
  it('an auditor changes nothing and reads personal data masked; warehouse staff read nothing of orders', () => {
    expect(PERMISSIONS.filter((permission) => /change|decide|run|own/.test(permission) && mayDo('auditor', permission))).toEqual([]);
    expect(mayDo('auditor', 'personal.read')).toBe(false);
    expect(
      PERMISSIONS.filter((permission) => permission.startsWith('orders') || permission === 'personal.read').some((p) =>
        mayDo('warehouse', p),
      ),
    ).toBe(false);
  });
  it('staff create no orders', () => {
    expect(GROUPS.filter((group) => groupMayDo(group, 'orders.own'))).toEqual([0]);
    expect(GROUPS.map(isStaff)).toEqual([false, true, true, true]);
  });
  it('shows the console entry only to the roles that may open the back office, and sends each role home', () => {
    expect(GROUPS.map(seesConsole)).toEqual([false, true, true, false]);
    expect(GROUPS.map(homeOf)).toEqual(['/', '/manage', '/manage', '/stocks']);
  });
});
