import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  institutionChangeNeedsApproval,
  institutionStreamId,
  rowIdField,
  manageResource,
  paged,
  sameInstitution,
  updateResourcePayload,
  type InstitutionRecord,
  type ManageResource,
} from '../../domain/index.js';
import type { Resource } from '../../database/schema.js';
import { allow } from '../auth/route-access.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { answers, failures, proposalAnswers } from '../http/responses.js';
import { answerProposal, proposeChange } from './approvals.js';
import { findResource, recordOf } from '../public/resources.js';
import { adminActor, appendReference, streamRevision } from './reference-commands.js';
import { eventMeta } from '../recorded-events.js';
import { cursorQuery, decodeCursor, keywordPayload, optionalBody, pageOf } from './paging.js';
import { nextResourceId, resourcePageQuery } from './manage-queries.js';

const toManageResource = (row: Resource): ManageResource => ({ ...row, updated_at: row.updated_at.toISOString() });

const resourceId = z.object({ id: rowIdField });

/** The step-1 link an institution's QR image carries. */
export const stepOneLink = (deps: Pick<AppDeps, 'publicBaseUrl'>, id: number): string =>
  `${deps.publicBaseUrl()}/step/amount/?resource=${id}`;

/**
 * manage/resources, manage/updateResource and the QR images: institutions are events on their own
 * streams (institution-{id}); a row seeded before its stream existed is the stream's starting state.
 */
export const resourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const read = allow('backOffice.read');

  app.post(
    '/resources',
    {
      config: read,
      schema: { body: optionalBody(keywordPayload), querystring: cursorQuery, response: answers(paged(manageResource).shape.data) },
    },
    async (request) => {
      const cursor = decodeCursor(request.query.cursor);
      const rows = await resourcePageQuery(deps.db, request.body?.keyword ?? '', cursor === null ? null : Number(cursor.id)).execute();
      const page = pageOf(rows, '/api/v1/manage/resources', (row) => ({ id: row.id }));
      return ok({ data: page.data.map(toManageResource), next_page_url: page.next_page_url });
    },
  );

  app.post(
    '/updateResource',
    { config: allow('backOffice.change'), schema: { body: updateResourcePayload, response: proposalAnswers(manageResource) } },
    async (request, reply) => {
      const { id: givenId, ...fields } = request.body.record;
      const institution = fields as InstitutionRecord;
      const meta = eventMeta(deps, adminActor(request.user!));
      if (givenId === undefined) {
        const id = await nextResourceId(deps.db);
        // Payers' money would go to its account: a second admin approves it first.
        if (institutionChangeNeedsApproval(null, institution)) {
          return answerProposal(
            request,
            reply,
            await proposeChange(deps, { kind: 'institution', institution_id: id, before: null, after: institution }, request.user!),
          );
        }
        await appendReference(
          deps,
          institutionStreamId(id),
          { type: 'InstitutionRegistered', data: { id, institution }, meta },
          'no_stream',
        );
        return ok(toManageResource((await findResource(deps.db, String(id)))!));
      }
      const current = await findResource(deps.db, String(givenId));
      if (!current) throw notFound('resource_not_found');
      const before = recordOf(current);
      if (institutionChangeNeedsApproval(before, institution)) {
        return answerProposal(
          request,
          reply,
          await proposeChange(deps, { kind: 'institution', institution_id: givenId, before, after: institution }, request.user!),
        );
      }
      if (!sameInstitution(before, institution)) {
        const stream = institutionStreamId(givenId);
        await appendReference(
          deps,
          stream,
          { type: 'InstitutionChanged', data: { id: givenId, institution }, meta },
          await streamRevision(deps, stream),
        );
      }
      return ok(toManageResource((await findResource(deps.db, String(givenId)))!));
    },
  );

  const qrRoute = (format: 'png' | 'svg') =>
    app.get(
      `/resources/:id/qr.${format}`,
      {
        config: read,
        schema: {
          params: resourceId,
          response: { 200: z.any().describe(`a QR image (${format}) of the institution's step-1 link`), ...failures },
        },
      },
      async (request, reply) => {
        const resource = await findResource(deps.db, String(request.params.id));
        if (!resource) throw notFound('resource_not_found');
        const link = stepOneLink(deps, resource.id);
        const disposition = `attachment; filename="institution-${resource.id}-qr.${format}"`;
        reply.header('content-disposition', disposition).header('cache-control', 'private, no-store');
        if (format === 'svg') return reply.type('image/svg+xml').send(await QRCode.toString(link, { type: 'svg', margin: 2 }));
        return reply.type('image/png').send(await QRCode.toBuffer(link, { type: 'png', margin: 2, width: 480 }));
      },
    );
  qrRoute('png');
  qrRoute('svg');
};
