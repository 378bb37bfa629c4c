import { creditCounted, type OrderMoneyChange } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { adminActor } from '../manage/reference-commands.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';

type CreditAssignment = Extract<OrderMoneyChange, { kind: 'credit_assignment' }>;
export type AssignDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;

/**
 * A statement entry matched to an order by hand, once a second admin approved it: the order takes
 * the credit as it would a matched one (and refuses it, changing nothing, if it no longer takes
 * money). An approval interrupted after the credit was counted finds it counted and goes on.
 */
export async function applyCreditAssignment(deps: AssignDeps, change: CreditAssignment, approver: AuthUser): Promise<void> {
  const { state } = await loadOrder(deps, change.order_id);
  if (creditCounted(state.context, change.entry_ref)) return;
  const { entry_ref, booking_date, amount_cny, payer_name, payer_account, reason } = change;
  await runOrderCommand(
    deps,
    change.order_id,
    { type: 'matchBankCredit', entry_ref, booking_date, amount_cny, payer_name, payer_account, reason },
    adminActor(approver),
  );
}
