import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageEndpoints, stepEndpoints, type Actor } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { findManagedOrder } from '../manage/managed-order.js';
import { adminActor } from '../manage/reference-commands.js';
import { loadedFromRow, runOrderCommand } from '../orders/order-commands.js';
import { findVisibleOrder } from '../orders/order-view.js';
import type { OrderRow } from '../../database/schema.js';
import { orderThread } from './order-thread.js';

/** Posts a message as an event on the order's stream, decided on the row already read. */
async function post(deps: AppDeps, row: OrderRow, text: string, actor: Actor) {
  const message_id = deps.ids.uuid();
  await runOrderCommand(deps, row.id, { type: 'postMessage', message_id, text }, actor, { seen: loadedFromRow(row) });
  return ok({ id: row.id, message_id });
}

const payerOf = (user: AuthUser): Actor => ({ id: String(user.id), role: 'payer' });

/** The payer's side of the thread (DESIGN.md section 11): their own orders only; staff read it too. */
export function registerPayerMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.orderMessages, async (request) => {
    const { row } = await findVisibleOrder(deps, request.body.id, request.user!);
    return ok(await orderThread(deps, row.id, request.user!));
  });
  endpointRoute(app, stepEndpoints.postOrderMessage, async (request) => {
    const { row } = await findVisibleOrder(deps, request.body.id, request.user!);
    return post(deps, row, request.body.text, payerOf(request.user!));
  });
}

/** The back office's side: admins answer, auditors read (masked). */
export const manageMessageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.orderMessages, async (request) => {
    const row = await findManagedOrder(deps.db, request.body.id);
    return ok(await orderThread(deps, row.id, request.user!));
  });
  endpointRoute(app, manageEndpoints.postOrderMessage, async (request) => {
    const row = await findManagedOrder(deps.db, request.body.id);
    return post(deps, row, request.body.text, adminActor(request.user!));
  });
};
