import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { requestLocale } from '../http/locale.js';
import { SIGNATURE_HEADER } from './signature.js';
import type { WebhookOutcome } from './webhook-receipts.js';
import { materialsRequested, paymentSucceeded, receiveWebhook, type WebhookKind } from './webhooks.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { externalEndpoints } from '../../domain/contract/endpoints/index.js';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

const overpaidIn = (body: unknown): string | undefined => (body as { data?: { overpaid_cny?: string } } | null)?.data?.overpaid_cny;

/** What each webhook carries; other event types are acknowledged (`{ data: { ignored: true } }`) and ignored. */
const PAYLOADS: Record<WebhookKind, z.ZodType> = { payments: paymentSucceeded, bank: materialsRequested };
const WEBHOOKS = { payments: externalEndpoints.paymentsWebhook, bank: externalEndpoints.bankWebhook } as const;

const signatureHeaders = z.object({
  [SIGNATURE_HEADER]: z
    .string()
    .describe('t=<unix seconds>,v1=<hex HMAC-SHA256(WEBHOOK_SECRET, t + "." + raw body)>; at most 5 minutes old'),
});

/** A refusal stored before error bodies had codes is replayed with the code of refusals recorded without a reason. */
function withCode(outcome: WebhookOutcome): WebhookOutcome {
  const body = outcome.body as Record<string, unknown> | null;
  if (outcome.status < 400 || body === null || typeof body !== 'object' || 'code' in body) return outcome;
  return { ...outcome, body: { ...body, code: 'order_refused' } };
}

/**
 * POST /api/v1/webhooks/payments and /api/v1/webhooks/bank. The signature covers the exact bytes
 * sent, so inside this plugin (and only here) JSON bodies are kept as the raw string and parsed
 * after the signature is checked: the schemas document the body, they do not parse it.
 */
export const webhookRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  for (const kind of ['payments', 'bank'] as const satisfies readonly WebhookKind[]) {
    endpointRoute(
      app,
      WEBHOOKS[kind],
      async (request, reply) => {
        const signature = request.headers[SIGNATURE_HEADER];
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const delivery = { rawBody, signature: typeof signature === 'string' ? signature : undefined, locale: requestLocale(request) };
        const outcome = withCode(await receiveWebhook(deps, kind, delivery));
        // A signed call the order refused (money after a timeout, say) needs a person: say so loudly.
        if (outcome.status >= 400)
          request.log.warn({ kind, status: outcome.status }, 'signed webhook refused by the order; its body is kept in webhook_receipts');
        const overpaid = overpaidIn(outcome.body);
        if (overpaid)
          request.log.warn({ kind, overpaid_cny: overpaid }, 'payment above the amount due: recorded, the excess is to be refunded');
        // The answer as recorded with the receipt (one of the schema's: data, or an error body), replayed unchanged.
        return reply.code(outcome.status).send(outcome.body as Parameters<typeof reply.send>[0]);
      },
      { schema: { body: PAYLOADS[kind], headers: signatureHeaders } },
    );
  }
};
