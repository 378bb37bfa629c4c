import { createHmac } from 'node:crypto';
import { compareMoney, message, orderStreamId, type OrderCommandOf } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

/**
 * `Idempotency-Key` on order creation: a client that lost the answer sends the same request again
 * with the same key and gets the same order, never a second one. The key names the order id
 * itself (an HMAC of user and key), so the event store's "stream must not exist" decides which
 * of two concurrent copies creates it; no table of keys is needed.
 */
export { IDEMPOTENCY_HEADER, idempotencyHeaders } from '../../domain/contract/endpoints/requests.js';

/** The order id a user's key always names, shaped as a UUID (version 8, "custom") like every other order id. */
export function orderIdForKey(secret: Uint8Array, userId: number, key: string): string {
  const digest = createHmac('sha256', secret).update(`order-create:${userId}:${key}`).digest().subarray(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type CreateOrder = OrderCommandOf<'createOrder'>;

/**
 * The order of this key already exists: a retry of the same request is answered like the first
 * (once its row is readable); the key reused for a different order is refused.
 */
export async function answerRepeatedCreate(deps: Pick<AppDeps, 'eventStore' | 'projections'>, command: CreateOrder): Promise<void> {
  const [created] = await deps.eventStore.readStream(orderStreamId(command.order_id), { maxCount: 1 });
  const data = created?.data as { resource?: { id?: unknown }; amount?: unknown; from?: unknown } | undefined;
  const same =
    data !== undefined &&
    data.resource?.id === command.resource?.id &&
    typeof data.amount === 'string' &&
    compareMoney(data.amount, command.amount) === 0 &&
    data.from === command.from;
  if (!same) throw new HttpError('idempotency_key_reused', message('order.idempotencyKeyReused'));
  await deps.projections.waitFor(command.order_id, 0n);
}
