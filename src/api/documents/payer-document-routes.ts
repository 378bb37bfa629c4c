import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdField } from '../../domain/index.js';
import { ok } from '../http/envelope.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { findOwnOrder, payerActor } from './access.js';
import { handleUpload, parseFields, type DocumentContext } from './handle-upload.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { stepEndpoints } from '../../domain/contract/endpoints/index.js';

const uploadFields = z.object({ id: orderIdField });

/**
 * SPEC.md section 7, order/upload, updateFile, finishUpload: the signed-in owner's document calls.
 * Anyone else gets 404, as for an order that does not exist; whether the order's status allows
 * the change is the domain's decision.
 */
export const payerDocumentRoutes: FastifyPluginAsyncZod<DocumentContext> = async (app, context) => {
  const { deps } = context;
  endpointRoute(app, stepEndpoints.uploadFiles, async (request) =>
    handleUpload(app, request, context, {
      key: 'id',
      resolve: async (fields) => {
        const { id } = parseFields(uploadFields, fields);
        await findOwnOrder(deps.db, id, request.user!);
        return { orderId: id, actor: payerActor(request.user!) };
      },
    }),
  );

  endpointRoute(app, stepEndpoints.updateFiles, async (request) => {
    const { id, fileList } = request.body;
    await findOwnOrder(deps.db, id, request.user!);
    const state = await runOrderCommand(deps, id, { type: 'updateFiles', files: fileList }, payerActor(request.user!));
    return ok({ id, jsfile: [...state.context.jsfile] });
  });

  endpointRoute(app, stepEndpoints.finishUpload, async (request) => {
    const { id } = request.body;
    await findOwnOrder(deps.db, id, request.user!);
    await runOrderCommand(deps, id, { type: 'finishUpload' }, payerActor(request.user!));
    return ok({ id });
  });
};
