import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { approvalRoutes } from './approval-routes.js';
import { configRoutes } from './config-routes.js';
import { orderExportRoutes } from './order-export.js';
import { orderRoutes } from './order-routes.js';
import { reconciliationRoutes } from '../reconciliation/reconciliation-routes.js';
import { refundRoute } from './refund-route.js';
import { manageMessageRoutes } from '../messages/message-routes.js';
import { resourceRoutes } from './resource-routes.js';
import { statisticRoute } from './statistic-route.js';
import { userRoutes } from './user-routes.js';

/**
 * The back office under /api/v1/manage (SPEC.md section 7 "Admin"; the attachment calls are with
 * the other document routes, which parse multipart). Every route checks the caller's role
 * (DESIGN.md section 7): reads need backOffice.read (admins and auditors), changes backOffice.change.
 */
export const manageRoutes: FastifyPluginAsyncZod<AppDeps & { prefix?: string }> = async (app, options) => {
  // The options carry this plugin's prefix: the parts get the dependencies only, or they would add it again.
  const { prefix: _ownPrefix, ...deps } = options;
  for (const part of [
    statisticRoute,
    userRoutes,
    resourceRoutes,
    configRoutes,
    orderRoutes,
    orderExportRoutes,
    refundRoute,
    manageMessageRoutes,
    approvalRoutes,
    reconciliationRoutes,
  ])
    await app.register(part, deps);
};
