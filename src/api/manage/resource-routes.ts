import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  institutionChangeNeedsApproval,
  institutionStreamId,
  sameInstitution,
  type InstitutionRecord,
  type ManageResource,
} from '../../domain/index.js';
import type { Resource } from '../../database/schema.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { failures } from '../http/responses.js';
import { answerProposal, proposeChange } from './approvals.js';
import { findResource, recordOf } from '../public/resources.js';
import { adminActor, appendReference, streamRevision } from './reference-commands.js';
import { eventMeta } from '../recorded-events.js';
import { decodeCursor, pageOf } from './paging.js';
import { nextResourceId, resourcePageQuery } from './manage-queries.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const toManageResource = (row: Resource): ManageResource => ({ ...row, updated_at: row.updated_at.toISOString() });

/** The step-1 link an institution's QR image carries. */
export const stepOneLink = (deps: Pick<AppDeps, 'publicBaseUrl'>, id: number): string =>
  `${deps.publicBaseUrl()}/step/amount/?resource=${id}`;

/**
 * manage/resources, manage/updateResource and the QR images: institutions are events on their own
 * streams (institution-{id}); a row seeded before its stream existed is the stream's starting state.
 */
export const resourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.resources, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const rows = await resourcePageQuery(deps.db, request.body?.keyword ?? '', cursor === null ? null : Number(cursor.id)).execute();
    const page = pageOf(rows, '/api/v1/manage/resources', (row) => ({ id: row.id }));
    return ok({ data: page.data.map(toManageResource), next_page_url: page.next_page_url });
  });

  endpointRoute(app, manageEndpoints.updateResource, async (request, reply) => {
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
      await appendReference(deps, institutionStreamId(id), { type: 'InstitutionRegistered', data: { id, institution }, meta }, 'no_stream');
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
  });

  const qrRoute = (format: 'png' | 'svg') =>
    endpointRoute(
      app,
      format === 'png' ? manageEndpoints.resourceQrPng : manageEndpoints.resourceQrSvg,
      async (request, reply) => {
        const resource = await findResource(deps.db, String(request.params.id));
        if (!resource) throw notFound('resource_not_found');
        const link = stepOneLink(deps, resource.id);
        const disposition = `attachment; filename="institution-${resource.id}-qr.${format}"`;
        reply.header('content-disposition', disposition).header('cache-control', 'private, no-store');
        if (format === 'svg') return reply.type('image/svg+xml').send(await QRCode.toString(link, { type: 'svg', margin: 2 }));
        return reply.type('image/png').send(await QRCode.toBuffer(link, { type: 'png', margin: 2, width: 480 }));
      },
      { schema: { response: { 200: z.any().describe(`a QR image (${format}) of the institution's step-1 link`), ...failures } } },
    );
  qrRoute('png');
  qrRoute('svg');
};
