import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { roleOfGroup } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { takeCheckpoint } from './checkpoint.js';
import { evidencePackOf } from './evidence.js';
import { orderAsOf } from './order-as-of.js';
import { auditedOrder } from './audited-order.js';
import { orderHistoryEntries, type Viewer } from './order-history.js';
import { verifyOrder } from './order-verification.js';
import { settingsHistory } from './settings-history.js';
import { verifyStore } from './verify-store.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { auditEndpoints } from '../../domain/contract/endpoints/index.js';

const viewerOf = (user: AuthUser): Viewer => (roleOfGroup(user.group) === 'admin' ? 'admin' : 'auditor');

/**
 * The audit trail under /api/v1/audit (DESIGN.md section 8). Reads are for admins and auditors
 * (audit.read); signing a checkpoint and verifying the whole store are for admins (audit.run).
 * Everything is computed from the log, never from the read tables (which it checks).
 */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // An order is named by its id or by its order number (auditedOrder).
  endpointRoute(app, auditEndpoints.orderHistory, async (request) => {
    const order = await auditedOrder(deps, request.body.id);
    return ok({
      id: order.id,
      events: await orderHistoryEntries(deps, order.steps, viewerOf(request.user!)),
      verification: await verifyOrder(deps, order.id, order),
    });
  });

  endpointRoute(app, auditEndpoints.orderAsOf, async (request) => {
    const { id, revision, at } = request.body;
    const { steps } = await auditedOrder(deps, id);
    return ok(orderAsOf(steps, revision !== undefined ? { revision: BigInt(revision) } : { at: new Date(at!) }, viewerOf(request.user!)));
  });

  endpointRoute(app, auditEndpoints.evidence, async (request) => {
    const order = await auditedOrder(deps, request.body.id);
    return ok(await evidencePackOf(deps, order.id, order));
  });

  endpointRoute(app, auditEndpoints.settingsHistory, async (request) => {
    const { stream, id } = request.body;
    return ok(await settingsHistory(deps, stream === 'resource' ? { stream, id: id! } : { stream }));
  });

  endpointRoute(app, auditEndpoints.checkpoint, async () => {
    const { body, file } = await takeCheckpoint(deps);
    return ok({ ...body, file: path.basename(file) });
  });

  endpointRoute(app, auditEndpoints.verify, async () => ok(await verifyStore(deps)));
};
