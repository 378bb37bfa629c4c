import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { z } from 'zod';
import {
  auditAsOfRequest,
  auditCheckpointView,
  auditOrderAsOf,
  auditOrderHistory,
  auditOrderRequest,
  auditSettingsHistory,
  auditSettingsRequest,
  auditVerifyReport,
  roleOfGroup,
} from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import { allow } from '../auth/route-access.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { answers } from '../http/responses.js';
import { takeCheckpoint } from './checkpoint.js';
import { evidencePackOf } from './evidence.js';
import { orderAsOf } from './order-as-of.js';
import { orderHistoryEntries, replayOrder, type Viewer } from './order-history.js';
import { verifyOrder } from './order-verification.js';
import { evidencePack } from './pack-check.js';
import { settingsHistory } from './settings-history.js';
import { verifyStore } from './verify-store.js';

const viewerOf = (user: AuthUser): Viewer => (roleOfGroup(user.group) === 'admin' ? 'admin' : 'auditor');

/**
 * The audit trail under /api/v1/audit (DESIGN.md section 8). Reads are for admins and auditors
 * (audit.read); signing a checkpoint and verifying the whole store are for admins (audit.run).
 * Everything is computed from the log, never from the read tables (which it checks).
 */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const read = allow('audit.read');
  const run = allow('audit.run');

  app.post(
    '/order/history',
    { config: read, schema: { body: auditOrderRequest, response: answers(auditOrderHistory) } },
    async (request) => {
      const order = await replayOrder(deps, request.body.id);
      return ok({
        id: request.body.id,
        events: await orderHistoryEntries(deps, order.steps, viewerOf(request.user!)),
        verification: await verifyOrder(deps, request.body.id, order),
      });
    },
  );

  app.post('/order/asOf', { config: read, schema: { body: auditAsOfRequest, response: answers(auditOrderAsOf) } }, async (request) => {
    const { id, revision, at } = request.body;
    const { steps } = await replayOrder(deps, id);
    return ok(orderAsOf(steps, revision !== undefined ? { revision: BigInt(revision) } : { at: new Date(at!) }, viewerOf(request.user!)));
  });

  app.post('/order/evidence', { config: read, schema: { body: auditOrderRequest, response: answers(evidencePack) } }, async (request) => {
    return ok(await evidencePackOf(deps, request.body.id, await replayOrder(deps, request.body.id)));
  });

  app.post(
    '/settings/history',
    { config: read, schema: { body: auditSettingsRequest, response: answers(auditSettingsHistory) } },
    async (request) => {
      const { stream, id } = request.body;
      return ok(await settingsHistory(deps, stream === 'resource' ? { stream, id: id! } : { stream }));
    },
  );

  app.post('/checkpoint', { config: run, schema: { body: z.unknown().optional(), response: answers(auditCheckpointView) } }, async () => {
    const { body, file } = await takeCheckpoint(deps);
    return ok({ ...body, file: path.basename(file) });
  });

  app.post('/verify', { config: run, schema: { body: z.unknown().optional(), response: answers(auditVerifyReport) } }, async () =>
    ok(await verifyStore(deps)),
  );
};
