import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderFiles, orderIdField, orderIdPayload, orderRef, updateFilePayload } from '../../domain/index.js';
import { ok } from '../http/envelope.js';
import { commandAnswers } from '../http/responses.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { findOwnOrder, payerActor } from './access.js';
import { handleUpload, parseFields, type DocumentContext } from './handle-upload.js';
import { uploadRouteOptions } from './upload-form.js';
import { allow } from '../auth/route-access.js';

const uploadFields = z.object({ id: orderIdField });

/**
 * SPEC.md section 7, order/upload, updateFile, finishUpload: the signed-in owner's document calls.
 * Anyone else gets 404, as for an order that does not exist; whether the order's status allows
 * the change is the domain's decision.
 */
export const payerDocumentRoutes: FastifyPluginAsyncZod<DocumentContext> = async (app, context) => {
  const { deps } = context;
  app.post('/step/order/upload', { ...uploadRouteOptions('id', 'The order'), config: allow('orders.own') }, async (request) =>
    handleUpload(app, request, context, {
      key: 'id',
      resolve: async (fields) => {
        const { id } = parseFields(uploadFields, fields);
        await findOwnOrder(deps.db, id, request.user!);
        return { orderId: id, actor: payerActor(request.user!) };
      },
    }),
  );

  app.post(
    '/step/order/updateFile',
    { config: allow('orders.own'), schema: { body: updateFilePayload, response: commandAnswers(orderFiles) } },
    async (request) => {
      const { id, fileList } = request.body;
      await findOwnOrder(deps.db, id, request.user!);
      const state = await runOrderCommand(deps, id, { type: 'updateFiles', files: fileList }, payerActor(request.user!));
      return ok({ id, jsfile: [...state.context.jsfile] });
    },
  );

  app.post(
    '/step/order/finishUpload',
    { config: allow('orders.own'), schema: { body: orderIdPayload, response: commandAnswers(orderRef) } },
    async (request) => {
      const { id } = request.body;
      await findOwnOrder(deps.db, id, request.user!);
      await runOrderCommand(deps, id, { type: 'finishUpload' }, payerActor(request.user!));
      return ok({ id });
    },
  );
};
