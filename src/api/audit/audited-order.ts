import { isOrderNumber, message } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { orderIdByNumber } from '../orders/order-queries.js';
import { replayOrder, type ReplayedOrder } from './order-history.js';

/**
 * The order an auditor names, by its id or by the number people read (20261126-000042), replayed
 * from the log. The read table only turns a number into an id: the replayed order must carry that
 * number, so a row that says otherwise finds nothing rather than another order's history.
 */
export async function auditedOrder(
  deps: Pick<AppDeps, 'db' | 'storedEvents' | 'keyring'>,
  idOrNumber: string,
): Promise<ReplayedOrder & { readonly id: string }> {
  const given = idOrNumber.trim();
  const number = given.toUpperCase();
  if (!isOrderNumber(number)) return { id: given, ...(await replayOrder(deps, given)) };
  const row = await orderIdByNumber(deps.db, number);
  if (!row) throw new HttpError('order_not_found', message('order.notFound'));
  const replayed = await replayOrder(deps, row.id);
  if (replayed.steps.at(-1)?.after.context.order_no !== number) throw new HttpError('order_not_found', message('order.notFound'));
  return { id: row.id, ...replayed };
}
