import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageFiles, orderFiles, orderIdField, orderIdPayload, updateFilePayload, type OrderKind } from '../../domain/index.js';
import { allow } from '../auth/route-access.js';
import { handleUpload, parseFields, type DocumentContext } from '../documents/handle-upload.js';
import { ADMIN_FILE_SIZE } from '../documents/receive-upload.js';
import { uploadRouteOptions } from '../documents/upload-form.js';
import { ok } from '../http/envelope.js';
import { answers, commandAnswers } from '../http/responses.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { findManagedOrder } from './managed-order.js';
import { adminActor } from './reference-commands.js';

const uploadFields = z.object({ id: orderIdField });

/**
 * The attachment dialog's calls (SPEC.md section 7): list, upload (50 MB per file, the same content
 * checks as the payer's) and update an order's files; the partner variants live where SPEC puts
 * them (manage/gic/order/…, gic/updateFile). Auditors may list, only admins change.
 */
export const orderFileRoutes: FastifyPluginAsyncZod<DocumentContext> = async (app, context) => {
  const { deps } = context;
  const read = allow('backOffice.read');
  const change = allow('backOffice.change');

  const routesFor = (kind: OrderKind, base: string, updatePath: string) => {
    app.post(`${base}/findFiles`, { config: read, schema: { body: orderIdPayload, response: answers(manageFiles) } }, async (request) => {
      const row = await findManagedOrder(deps.db, request.body.id, kind);
      return ok({ id: row.id, jsfile: row.jsfile });
    });

    app.post(`${base}/upload`, { ...uploadRouteOptions('id', 'The order'), config: change }, async (request) =>
      handleUpload(app, request, context, {
        key: 'id',
        maxFileSize: ADMIN_FILE_SIZE,
        resolve: async (fields) => {
          const { id } = parseFields(uploadFields, fields);
          await findManagedOrder(deps.db, id, kind);
          return { orderId: id, actor: adminActor(request.user!) };
        },
      }),
    );

    app.post(updatePath, { config: change, schema: { body: updateFilePayload, response: commandAnswers(orderFiles) } }, async (request) => {
      const { id, fileList } = request.body;
      await findManagedOrder(deps.db, id, kind);
      const state = await runOrderCommand(deps, id, { type: 'updateFiles', files: fileList }, adminActor(request.user!));
      return ok({ id, jsfile: [...state.context.jsfile] });
    });
  };
  routesFor('order', '/manage/order', '/manage/order/updateFile');
  routesFor('partner', '/manage/gic/order', '/gic/updateFile');
};
