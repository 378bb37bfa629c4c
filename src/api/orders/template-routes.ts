import type { FastifyInstance } from 'fastify';
import { stepEndpoints, type LookalikesPayload } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { ok } from '../http/envelope.js';
import { lookalikeOrders, patientOf, type LookalikeKey } from './order-lookalikes.js';
import { earlierOrders, templatesFrom } from './order-templates.js';
import { englishNames, findVisibleOrder } from './order-view.js';

/**
 * Issue 24: a returning payer fills steps 2 and 3 from an earlier order of theirs, and is warned
 * of another open order that looks like the one being made. Both read the read tables only and
 * change nothing; the warning never refuses a command.
 */
export function registerTemplateRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.orderTemplates, async (request) => {
    const user = request.user!;
    const { row } = await findVisibleOrder(deps, request.body.id, user);
    const resource = await deps.reference.resource(row.resource);
    const rows = await earlierOrders(deps.db, user.id, row.id);
    const names = await englishNames(
      deps,
      rows.map((earlier) => earlier.resource),
    );
    return ok(templatesFrom(rows, { resource: row.resource, presetAccount: resource?.preset_account === true }, names));
  });

  endpointRoute(app, stepEndpoints.orderLookalikes, async (request) => {
    const key = await lookalikeKey(deps, request.user!, request.body);
    return ok(key ? await lookalikeOrders(deps.db, key) : []);
  });
}

/** The key of the order given, or of the one step 1 is about to make (none for an institution that is gone). */
async function lookalikeKey(deps: AppDeps, user: AuthUser, body: LookalikesPayload): Promise<LookalikeKey | null> {
  if (body.id !== undefined) {
    const { row } = await findVisibleOrder(deps, body.id, user);
    return {
      ownerId: user.id,
      exceptId: row.id,
      resource: row.resource,
      currency: row.currency,
      amount: row.amount,
      patient: patientOf(row),
    };
  }
  const resource = await deps.reference.resource(body.resource!);
  if (!resource) return null;
  return {
    ownerId: user.id,
    exceptId: null,
    resource: String(resource.id),
    currency: resource.currency,
    amount: body.amount!,
    patient: null,
  };
}
