import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { payLinkRoutes } from './pay-link-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/**
 * Payments: the pay-link calls of the order page, the signed webhooks of the provider and the bank,
 * and (with the sandbox gateway only: it pays without money) the sandbox's hosted checkout.
 * Full paths are declared; register at prefix ''. Each part is its own encapsulated context, so
 * the webhooks' raw-body parser and the pay links' login hook stay where they belong.
 */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(payLinkRoutes, deps);
  await app.register(webhookRoutes, deps);
  if (deps.config.payments.gateway === 'sandbox') await app.register(sandboxRoutes, deps);
};
