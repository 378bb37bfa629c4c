import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdField, type OrderKind } from '../../domain/index.js';
import { handleUpload, parseFields, type DocumentContext } from '../documents/handle-upload.js';
import { ADMIN_FILE_SIZE } from '../documents/receive-upload.js';
import { ok } from '../http/envelope.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { findManagedOrder } from './managed-order.js';
import { adminActor } from './reference-commands.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const uploadFields = z.object({ id: orderIdField });

/**
 * The attachment dialog's calls (SPEC.md section 7): list, upload (50 MB per file, the same content
 * checks as the payer's) and update an order's files; the partner variants live where SPEC puts
 * them (manage/gic/order/…, gic/updateFile). Auditors may list, only admins change.
 */
export const orderFileRoutes: FastifyPluginAsyncZod<DocumentContext> = async (app, context) => {
  const { deps } = context;

  const routesFor = (
    kind: OrderKind,
    paths: {
      find: typeof manageEndpoints.findFiles;
      upload: typeof manageEndpoints.uploadFiles;
      update: typeof manageEndpoints.updateFiles;
    },
  ) => {
    endpointRoute(app, paths.find, async (request) => {
      const row = await findManagedOrder(deps.db, request.body.id, kind);
      return ok({ id: row.id, jsfile: row.jsfile });
    });

    endpointRoute(app, paths.upload, async (request) =>
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

    endpointRoute(app, paths.update, async (request) => {
      const { id, fileList } = request.body;
      await findManagedOrder(deps.db, id, kind);
      const state = await runOrderCommand(deps, id, { type: 'updateFiles', files: fileList }, adminActor(request.user!));
      return ok({ id, jsfile: [...state.context.jsfile] });
    });
  };
  routesFor('order', { find: manageEndpoints.findFiles, upload: manageEndpoints.uploadFiles, update: manageEndpoints.updateFiles });
  routesFor('partner', {
    find: manageEndpoints.findPartnerFiles,
    upload: manageEndpoints.uploadPartnerFiles,
    update: manageEndpoints.updatePartnerFiles,
  });
};
