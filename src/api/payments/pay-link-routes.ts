import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, excessMoney, ORDER_TAGS, orderIdPayload, snapshotOf, statusText, type Actor, type OrderSnapshot } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import { findVisibleOrder } from '../orders/order-view.js';
import type { CheckoutRequest } from './gateway.js';
import { PaymentGatewayError } from './http-gateway.js';

/** Why the owner cannot pay now, in the words of the machine's answers about the order. */
function notPayableMessage(state: OrderSnapshot, owner: Actor, now: string): string {
  if (state.hasTag(ORDER_TAGS.editable)) return '请先确认订单并选择支付方式';
  if (can(state, { type: 'choosePaymentMethod', bank: 3 }, owner, now)) return '请先选择支付方式';
  if (state.hasTag(ORDER_TAGS.calledOff) && state.context.status !== null) return `${statusText(state.context.status)}，不能付款`;
  return '订单已付款，无需再次付款';
}

/**
 * The order's owner only (an admin does not pay for someone else), while the machine says the
 * order waits for money and the owner may still pay (before the deadline; a top-up in 12 has none).
 */
async function checkoutRequestFor(deps: AppDeps, user: AuthUser, orderId: string, method: 1 | 3): Promise<CheckoutRequest> {
  const { row } = await findVisibleOrder(deps, orderId, user);
  if (row.owner_id !== user.id) throw notFound();
  const state = snapshotOf(row.state);
  const owner: Actor = { id: String(user.id), role: 'payer' };
  const now = deps.clock.now().toISOString();
  if (!state.hasTag(ORDER_TAGS.paymentDue)) throw conflict(notPayableMessage(state, owner, now));
  if (!can(state, { type: 'finishPay' }, owner, now)) throw conflict('订单已超过付款期限，不能付款');
  // What is still to pay: the locked CNY amount less what was received (a top-up in status 12).
  const outstanding = excessMoney(row.cny_amount ?? '0', row.paid_cny);
  return { orderId, amountCny: outstanding, method, description: `${row.resource_name} 付款 (${orderId})` };
}

async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new HttpError(502, '支付服务暂时不可用，请稍后重试');
    throw error;
  }
}

/** SPEC.md section 7: makeGoallPayLink → `{data: url}`, makeJiMuPayLink → `{data: QR value}`. */
export const payLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', app.authenticate);

  app.post('/api/v1/step/order/makeGoallPayLink', { schema: { body: orderIdPayload } }, async (request) => {
    const checkout = await checkoutRequestFor(deps, request.user!, request.body.id, 1);
    return ok(await askGateway(() => deps.payments.createPayLink(checkout)));
  });

  app.post('/api/v1/step/order/makeJiMuPayLink', { schema: { body: orderIdPayload } }, async (request) => {
    const checkout = await checkoutRequestFor(deps, request.user!, request.body.id, 3);
    return ok(await askGateway(() => deps.payments.createScanPayment(checkout)));
  });
};
