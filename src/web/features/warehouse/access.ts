import { mayDo, roleOfGroup } from '../../../domain/access/roles.js';
import type { SessionUser } from '../../../domain/contract/session.js';

/** What the signed-in user may do in the warehouse (the server checks the same table on every call). */
export const warehouseAccessOf = (user: SessionUser | null) => {
  const role = roleOfGroup(user?.group ?? 0);
  return { read: mayDo(role, 'warehouse.read'), change: mayDo(role, 'warehouse.change') };
};
