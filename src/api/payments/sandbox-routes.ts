import { Decimal } from 'decimal.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { decodeCheckoutRef, type CheckoutRef } from './checkout-ref.js';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-gateway.js';
import { checkoutPage, invalidLinkPage, resultPage, SANDBOX_PAGE_CSP } from './sandbox-page.js';
import { signatureHeader } from './signature.js';
import type { WebhookOutcome } from './webhook-receipts.js';
import { checkoutOrder } from '../orders/order-queries.js';
import { receiveWebhook } from './webhooks.js';

const refParams = z.object({ ref: z.string().min(1).max(2000) });
const payForm = z.object({ portion: z.enum(['full', 'part']).describe('Pay the whole amount, or half of it (to try a short payment)') });

const page = z.string().describe('An HTML page (in Chinese, as a Chinese provider shows it)');

/** The pages answer in HTML, also for an unknown or forged link (404) and a refused payment; other failures in JSON. */
const pageAnswers = (about: string) => ({
  200: { description: about, content: { 'text/html': { schema: page } } },
  '4xx': {
    description: 'A page (an unknown link, a refused payment) or a refused request',
    content: { 'text/html': { schema: page }, 'application/json': { schema: errorBody } },
  },
  '5xx': errorBody,
});

/** The "pay part" button pays half, so a short payment (status 12) and its top-up can be tried. */
function partOf(amountCny: string): string | null {
  const half = new Decimal(amountCny).div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return half.gte('0.01') ? half.toFixed(2) : null;
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', SANDBOX_PAGE_CSP).send(html);

/**
 * The sandbox gateway's hosted checkout (only registered when PAYMENT_GATEWAY=sandbox): a page
 * showing what to pay, whose buttons make this server send itself the signed payment webhook
 * exactly as a provider would, through the same verification and deduplication.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const decode = (ref: string): CheckoutRef | null => decodeCheckoutRef(deps.webhookSecret, ref);

  app.get(
    `${SANDBOX_CHECKOUT_PATH}/:ref`,
    { schema: { params: refParams, response: pageAnswers('The checkout page') } },
    async (request, reply) => {
      const ref = decode(request.params.ref);
      if (!ref) return sendHtml(reply, 404, invalidLinkPage());
      const order = await checkoutOrder(deps.db, ref.orderId);
      if (!order) return sendHtml(reply, 404, invalidLinkPage());
      const payAction = `${SANDBOX_CHECKOUT_PATH}/${request.params.ref}/pay`;
      return sendHtml(
        reply,
        200,
        checkoutPage({ ...ref, payee: order.resource_name, partCny: partOf(ref.amountCny), status: order.status, payAction }),
      );
    },
  );

  const payRoute = {
    schema: {
      params: refParams,
      body: payForm,
      consumes: ['application/x-www-form-urlencoded'],
      response: pageAnswers('What became of the payment'),
    },
  };
  app.post(`${SANDBOX_CHECKOUT_PATH}/:ref/pay`, payRoute, async (request, reply) => {
    const ref = decode(request.params.ref);
    if (!ref) return sendHtml(reply, 404, invalidLinkPage());
    const amountCny = request.body.portion === 'full' ? ref.amountCny : (partOf(ref.amountCny) ?? ref.amountCny);
    const outcome = await sendPaymentWebhook(deps, ref.orderId, amountCny);
    return sendHtml(
      reply,
      outcome.status,
      resultPage({ ...describe(outcome), amountCny, orderUrl: `${deps.publicBaseUrl()}/order/${ref.orderId}` }),
    );
  });
};

/** Builds, signs and delivers the provider's "payment.succeeded" webhook, as the provider would. */
function sendPaymentWebhook(deps: AppDeps, orderId: string, amountCny: string): Promise<WebhookOutcome> {
  const rawBody = JSON.stringify({
    id: `sandbox-webhook-${deps.ids.uuid()}`,
    type: 'payment.succeeded',
    order_id: orderId,
    payment_id: `sandbox-payment-${deps.ids.uuid()}`,
    amount_cny: amountCny,
  });
  // The sandbox imitates a Chinese provider: its pages, and the answers they quote, are Chinese.
  return receiveWebhook(deps, 'payments', {
    rawBody,
    signature: signatureHeader(deps.webhookSecret, rawBody, deps.clock.now()),
    locale: 'zh-CN',
  });
}

function describe(outcome: WebhookOutcome): { succeeded: boolean; message: string; status: number | null } {
  const body = outcome.body as { data?: { status?: number | null }; message?: string };
  if (outcome.status < 300) return { succeeded: true, message: '付款已通知商户。', status: body.data?.status ?? null };
  return { succeeded: false, message: body.message ?? '付款未被接受', status: null };
}
