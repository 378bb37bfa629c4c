import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountInMinorUnits, linkToken } from '../../domain/index.js';
import { ok } from '../http/envelope.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { englishName } from '../orders/order-view.js';
import { findOrderByLink, UPLOAD_LINK_ACTOR } from './access.js';
import { handleUpload, parseFields, type DocumentContext } from './handle-upload.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { publicEndpoints } from '../../domain/contract/endpoints/index.js';

/** Anything that is not a string is simply not a valid link: 404 like an unknown one. */
const linkPayload = z.object({ token: linkToken });

/**
 * The public upload page (SPEC.md "/upload_documents/:token"): whoever holds an order's active
 * upload link may see what the order is about and add or remove its documents, without logging
 * in. The link shows no personal data; once an admin switches it off every call answers 404.
 */
export const uploadLinkRoutes: FastifyPluginAsyncZod<DocumentContext> = async (app, context) => {
  const { deps } = context;

  endpointRoute(app, publicEndpoints.findUploadLink, async (request) => {
    const order = await findOrderByLink(deps.db, request.body.token);
    return ok({
      resource_name: order.resource_name,
      resource_name_en: await englishName(deps, order.resource),
      amount: amountInMinorUnits(order.amount, order.currency),
      currency: order.currency,
      status: order.status,
      jsfile: order.jsfile,
    });
  });

  endpointRoute(app, publicEndpoints.uploadLinkFiles, async (request) =>
    handleUpload(app, request, context, {
      key: 'token',
      resolve: async (fields) => {
        const { token } = parseFields(linkPayload, fields);
        const order = await findOrderByLink(deps.db, token);
        return { orderId: order.id, actor: UPLOAD_LINK_ACTOR };
      },
    }),
  );

  endpointRoute(app, publicEndpoints.updateLinkFiles, async (request) => {
    const order = await findOrderByLink(deps.db, request.body.token);
    const state = await runOrderCommand(deps, order.id, { type: 'updateFiles', files: request.body.fileList }, UPLOAD_LINK_ACTOR);
    return ok({ jsfile: [...state.context.jsfile] });
  });
};
