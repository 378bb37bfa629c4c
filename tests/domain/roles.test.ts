import { describe, expect, it } from 'vitest';
import { GROUPS, mayDo, roleOfGroup, seesConsole, type Permission } from '../../src/domain/index.js';

/** DESIGN.md section 7, as a table: who may read and change what. */
const EXPECTED: Record<number, readonly Permission[]> = {
  0: [],
  1: ['backOffice.read', 'backOffice.change', 'audit.read', 'warehouse.read', 'warehouse.change'],
  2: ['backOffice.read', 'audit.read', 'warehouse.read'],
  3: ['warehouse.read', 'warehouse.change'],
};
const ALL: readonly Permission[] = ['backOffice.read', 'backOffice.change', 'audit.read', 'warehouse.read', 'warehouse.change'];

describe('roles', () => {
  it.each(GROUPS)('group %i may do exactly what DESIGN.md gives its role', (group) => {
    expect(ALL.filter((permission) => mayDo(roleOfGroup(group), permission))).toEqual(EXPECTED[group]);
  });
  it('treats an unknown group as a payer, who opens nothing', () => {
    for (const group of [-1, 4, 99, 1.5]) expect(ALL.some((permission) => mayDo(roleOfGroup(group), permission))).toBe(false);
  });
  it('an auditor changes nothing', () => {
    expect(ALL.filter((permission) => permission.endsWith('.change') && mayDo('auditor', permission))).toEqual([]);
  });
  it('shows the console entry for every non-zero group (SPEC.md)', () => {
    expect(GROUPS.map(seesConsole)).toEqual([false, true, true, true]);
  });
});
