import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANK_TRANSFER,
  can,
  excessMoney,
  message,
  ORDER_TAGS,
  snapshotOf,
  type Actor,
  type Message,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { HttpError, notFound } from '../http/errors.js';
import { findVisibleOrder } from '../orders/order-view.js';
import type { CheckoutRequest } from './gateway.js';
import { PaymentGatewayError } from './http-gateway.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { stepEndpoints } from '../../domain/contract/endpoints/index.js';

/** Why the owner cannot pay now, in the words of the machine's answers about the order. */
function notPayableMessage(state: OrderSnapshot, owner: Actor, now: string): Message {
  if (state.hasTag(ORDER_TAGS.editable)) return message('payment.confirmFirst');
  if (can(state, { type: 'choosePaymentMethod', bank: 3 }, owner, now)) return message('payment.chooseMethodFirst');
  if (state.hasTag(ORDER_TAGS.calledOff) && state.context.status !== null) {
    return message('payment.calledOff', { status: message(`order.status.${state.context.status}`) });
  }
  return message('payment.alreadyPaid');
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
  if (!state.hasTag(ORDER_TAGS.paymentDue)) throw new HttpError('order_not_payable', notPayableMessage(state, owner, now));
  // Whether the order still takes the payer's money now (the deadline; a top-up in 12 has none): the
  // machine's answer to a transfer declaration, asked for whichever method this link pays by.
  if (!can(snapshotOf({ ...row.state, bank: BANK_TRANSFER }), { type: 'finishPay' }, owner, now)) {
    throw new HttpError('payment_deadline_passed', message('payment.deadlinePassed'));
  }
  // What is still to pay: the locked CNY amount less what was received (a top-up in status 12).
  const outstanding = excessMoney(row.cny_amount ?? '0', row.paid_cny);
  return { orderId, amountCny: outstanding, method, description: `${row.resource_name} 付款 (${orderId})` };
}

async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new HttpError('payment_gateway_unavailable', message('payment.gatewayUnavailable'));
    throw error;
  }
}

/** SPEC.md section 7: makeGoallPayLink → `{data: url}`, makeJiMuPayLink → `{data: QR value}`. */
export const payLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, stepEndpoints.makeGoallPayLink, async (request) => {
    const checkout = await checkoutRequestFor(deps, request.user!, request.body.id, 1);
    return ok(await askGateway(() => deps.payments.createPayLink(checkout)));
  });

  endpointRoute(app, stepEndpoints.makeJiMuPayLink, async (request) => {
    const checkout = await checkoutRequestFor(deps, request.user!, request.body.id, 3);
    return ok(await askGateway(() => deps.payments.createScanPayment(checkout)));
  });
};
