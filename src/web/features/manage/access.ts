import { mayDo, roleOfGroup, type Role } from '../../../domain/access/roles.js';
import type { SessionUser } from '../../../domain/contract/session.js';

/** What the signed-in user may do in the back office (the server checks the same table on every call). */
export interface BackOfficeAccess {
  readonly role: Role;
  readonly read: boolean;
  readonly change: boolean;
  /** The audit trail (admins and auditors). */
  readonly audit: boolean;
  /** Approving or rejecting another admin's proposal (four eyes; admins only). */
  readonly decide: boolean;
}

export const accessOf = (user: SessionUser | null): BackOfficeAccess => {
  const role = roleOfGroup(user?.group ?? 0);
  return {
    role,
    read: mayDo(role, 'backOffice.read'),
    change: mayDo(role, 'backOffice.change'),
    audit: mayDo(role, 'audit.read'),
    decide: mayDo(role, 'approvals.decide'),
  };
};
