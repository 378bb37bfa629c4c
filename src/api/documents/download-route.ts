import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import { mayDownload } from './access.js';
import type { DocumentContext } from './handle-upload.js';

const FILE_NOT_FOUND = '文件不存在';

/**
 * `attachment` with a plain-ASCII fallback name and the real name as RFC 5987 `filename*`, so
 * Chinese names survive and no name can break out of the header.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /files/:uid: a stored document, always as a download, for the order's owner (bearer), an
 * admin, or a holder of the order's active upload link (`?token=`). Anyone else, and any file
 * that does not exist, gets the same 404.
 */
export const downloadRoute: FastifyPluginAsyncZod<DocumentContext> = async (app, { deps, storage }) => {
  app.get(
    '/files/:uid',
    {
      preHandler: app.identify,
      schema: { params: z.object({ uid: z.string().max(100) }), querystring: z.object({ token: z.string().max(256).optional() }) },
    },
    async (request, reply) => {
      const file = await deps.db.selectFrom('stored_files').selectAll().where('uid', '=', request.params.uid).executeTakeFirst();
      if (!file || !(await mayDownload(deps.db, file.order_id, request.user, request.query.token))) throw notFound(FILE_NOT_FOUND);
      const content = await storage.openForReading(file.storage_name);
      if (!content) throw notFound(FILE_NOT_FOUND);
      return reply
        .header('Content-Disposition', attachmentDisposition(file.original_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .type(file.content_type)
        .send(content);
    },
  );
};
