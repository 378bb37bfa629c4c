import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { SIGNATURE_HEADER } from './signature.js';
import { receiveWebhook, type WebhookKind } from './webhooks.js';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

const overpaidIn = (body: unknown): string | undefined =>
  (body as { data?: { overpaid_cny?: string } } | null)?.data?.overpaid_cny;

/**
 * POST /api/v1/webhooks/payments and /api/v1/webhooks/bank. The signature covers the exact bytes
 * sent, so inside this plugin (and only here) JSON bodies are kept as the raw string and parsed
 * after the signature is checked.
 */
export const webhookRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const kind of ['payments', 'bank'] as const satisfies readonly WebhookKind[]) {
    app.post(`/api/v1/webhooks/${kind}`, async (request, reply) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await receiveWebhook(deps, kind, rawBody, typeof signature === 'string' ? signature : undefined);
      // A signed call the order refused (money after a timeout, say) needs a person: say so loudly.
      if (outcome.status >= 400) request.log.warn({ kind, status: outcome.status }, 'signed webhook refused by the order; its body is kept in webhook_receipts');
      const overpaid = overpaidIn(outcome.body);
      if (overpaid) request.log.warn({ kind, overpaid_cny: overpaid }, 'payment above the amount due: recorded, the excess is to be refunded');
      return reply.code(outcome.status).send(outcome.body);
    });
  }
};
