import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { message } from '../../domain/index.js';
import { notFound } from '../http/errors.js';
import { failures } from '../http/responses.js';
import { findStoredFile, mayDownload } from './access.js';
import { FILE_KINDS } from './file-checks.js';
import type { DocumentContext } from './handle-upload.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { fileEndpoints } from '../../domain/contract/endpoints/index.js';

const fileNotFound = () => notFound('file_not_found', message('upload.fileNotFound'));

/** The stored bytes, streamed: never serialised, documented as binary. */
const fileContent = z.custom<Readable>(() => true).meta({ type: 'string', format: 'binary' });

/** 200: the file in the content type it was judged to have at upload. */
const downloadAnswers = {
  200: {
    description: 'The file, as an attachment',
    content: Object.fromEntries(FILE_KINDS.map((kind) => [kind.contentType, { schema: fileContent }])),
  },
  ...failures,
};

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
  endpointRoute(
    app,
    fileEndpoints.download,
    async (request, reply) => {
      const file = await findStoredFile(deps.db, request.params.uid);
      if (!file || !(await mayDownload(deps.db, file.order_id, request.user, request.query.token))) throw fileNotFound();
      const content = await storage.openForReading(file.storage_name);
      if (!content) throw fileNotFound();
      return reply
        .header('Content-Disposition', attachmentDisposition(file.original_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .type(file.content_type)
        .send(content);
    },
    { schema: { response: downloadAnswers } },
  );
};
