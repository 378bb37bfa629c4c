import { Decimal } from 'decimal.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdPayload } from '../../domain/index.js';
import type { OrderRow } from '../../database/schema.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import { findVisibleOrder } from '../orders/order-view.js';
import type { CheckoutRequest } from './gateway.js';
import { PaymentGatewayError } from './http-gateway.js';

/** Statuses in which the order waits for money (DESIGN.md section 3: payment received from 2, 3, 12). */
const AWAITING_PAYMENT = new Set([2, 3, 12]);

const NOT_PAYABLE: Record<number, string> = {
  0: '请先确认订单并选择支付方式',
  1: '请先选择支付方式',
  8: '订单已取消，不能付款',
  9: '订单正在退款，不能付款',
  10: '订单已退款，不能付款',
  11: '订单已超时取消，不能付款',
};
const notPayableMessage = (status: number) => NOT_PAYABLE[status] ?? '订单已付款，无需再次付款';

/** What is still to pay: the locked CNY amount less what was received (a top-up in status 12). */
const outstandingCny = (row: OrderRow): string => Decimal.max(new Decimal(row.cny_amount ?? '0').minus(row.paid_cny), 0).toFixed(2);

/** The order's owner only (an admin does not pay for someone else), awaiting payment, before its deadline. */
async function checkoutRequestFor(deps: AppDeps, user: AuthUser, orderId: string, method: 1 | 3): Promise<CheckoutRequest> {
  const { row } = await findVisibleOrder(deps, orderId, user);
  if (row.owner_id !== user.id) throw notFound();
  if (!AWAITING_PAYMENT.has(row.status)) throw conflict(notPayableMessage(row.status));
  if (row.deadline_date && row.deadline_date.getTime() <= deps.clock.now().getTime()) throw conflict('订单已超过付款期限，不能付款');
  return { orderId, amountCny: outstandingCny(row), method, description: `${row.resource_name} 付款 (${orderId})` };
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
