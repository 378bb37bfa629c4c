import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconciliationEndpoints } from '../../domain/contract/endpoints/reconciliation.js';
import { message, renderMessage } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { fieldError } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { proposeAssignment } from './assign-entry.js';
import { listEntries } from './entry-list.js';
import { importStatement, type StatementFile } from './import-statement.js';
import { returnEntry } from './return-entry.js';
import { STATEMENT_MAX_BYTES, StatementRefused } from './statement.js';
import { statementRefusal } from './statement-refusal.js';

/** One statement file a request, a few small fields beside it. */
const STATEMENT_LIMITS = { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };

const FILE_FIELD = 'file';

async function bytesOf(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw statementRefusal(new StatementRefused('too_large'));
    throw error;
  }
}

/** The statement file of a multipart request (the field `file`). */
async function statementFileOf(request: FastifyRequest): Promise<StatementFile> {
  for await (const part of request.parts({ limits: STATEMENT_LIMITS })) {
    if (part.type === 'file' && part.fieldname === FILE_FIELD) return { name: part.filename, bytes: await bytesOf(part) };
    if (part.type === 'file') await part.toBuffer();
  }
  throw fieldError('no_file', FILE_FIELD, message('upload.noFile'));
}

/**
 * The reserve account's statements (DESIGN.md section 10): admins import them; admins and
 * auditors list the entries (auditors see the payer's name and account masked); admins return an
 * unmatched entry's money or propose to match it by hand (four eyes). Multipart parsing is enabled
 * for these routes only.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: STATEMENT_LIMITS });

  endpointRoute(app, reconciliationEndpoints.importStatement, async (request) =>
    ok(await importStatement(deps, await statementFileOf(request), request.user!)),
  );

  endpointRoute(app, reconciliationEndpoints.entries, async (request) => ok(await listEntries(deps.db, request.body, request.user!)));

  endpointRoute(app, reconciliationEndpoints.assign, async (request, reply) => proposeAssignment(deps, request, reply, request.body));

  endpointRoute(app, reconciliationEndpoints.returnEntry, async (request) => {
    const { entry_ref, reason } = request.body;
    await returnEntry(deps.db, entry_ref, { reason, by: request.user!.id, at: deps.clock.now() });
    return ok({ message: renderMessage(message('reconciliation.returned'), requestLocale(request)) });
  });
};
