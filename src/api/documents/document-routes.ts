import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { orderFileRoutes } from '../manage/order-file-routes.js';
import { downloadRoute } from './download-route.js';
import type { DocumentContext } from './handle-upload.js';
import { payerDocumentRoutes } from './payer-document-routes.js';
import { UPLOAD_LIMITS } from './receive-upload.js';
import { FileStorage } from './storage.js';
import { uploadLinkRoutes } from './upload-link-routes.js';

/**
 * Documents for the bank's review: the payer's upload calls, the public upload link, and
 * downloads. Registered at /api/v1; multipart parsing is enabled for these routes only.
 */
export const documentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const storage = new FileStorage(deps.config.uploadDir, deps.ids);
  await storage.ensureFolder();
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  const context: DocumentContext = { deps, storage };
  await app.register(payerDocumentRoutes, context);
  await app.register(uploadLinkRoutes, context);
  await app.register(downloadRoute, context);
  await app.register(orderFileRoutes, context);
};
