import type { OrderView } from '../../../../domain/contract/order.js';

/** SPEC.md "My orders": a draft (0) or an unpaid confirmed order (1) resumes the step flow. */
export const orderTarget = (order: Pick<OrderView, 'id' | 'status'>): string =>
  order.status === 0 || order.status === 1 ? `/step/amount/${order.id}` : `/order/${order.id}`;
