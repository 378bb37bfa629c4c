import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { isTagged } from '../../../../domain/order/progress.js';

/** SPEC.md "My orders": an order still in the step flow (a draft, or confirmed without a payment method) resumes it. */
export const orderTarget = (order: Pick<OrderView, 'id' | 'status'>): string =>
  isTagged(order.status, ORDER_TAGS.inStepFlow) ? `/step/amount/${order.id}` : `/order/${order.id}`;
