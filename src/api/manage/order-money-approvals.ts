import { refundCounted, type OrderMoneyChange } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';
import { applyCreditAssignment, type AssignDeps } from '../reconciliation/assign-entry.js';
import { adminActor } from './reference-commands.js';

/**
 * An approved change of an order's money, decided by the order now (not when it was proposed): a
 * refund the order no longer allows is refused and the proposal stays pending, to be rejected.
 * The approver is the actor of the money fact; the proposal names who asked for it.
 */
export async function applyOrderMoneyChange(deps: AssignDeps, change: OrderMoneyChange, approver: AuthUser): Promise<void> {
  if (change.kind === 'credit_assignment') return applyCreditAssignment(deps, change, approver);
  const { state } = await loadOrder(deps, change.order_id);
  // An approval interrupted after the refund was recorded finds it recorded: never counted twice.
  if (refundCounted(state.context, change.reference)) return;
  const { amount_cny, reference, reason } = change;
  await runOrderCommand(deps, change.order_id, { type: 'recordRefund', amount_cny, reference, reason }, adminActor(approver));
}
