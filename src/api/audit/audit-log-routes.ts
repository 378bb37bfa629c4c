import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chinaDateTime } from '../../domain/index.js';
import { auditEndpoints } from '../../domain/contract/endpoints/index.js';
import type { AppDeps } from '../deps.js';
import { csvStream } from '../exports/csv-stream.js';
import { everyRow, EXPORT_PAGE } from '../exports/paged.js';
import { ok } from '../http/envelope.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { failures } from '../http/responses.js';
import { decodeCursor, encodeCursor } from '../manage/paging.js';
import { AUDIT_LOG_PAGE, auditLogCursor, auditLogQuery, toAuditLogEntry } from './audit-log.js';

const CSV_HEADER = [
  'occurred_at',
  'occurred_at_china',
  'stream',
  'order_no',
  'revision',
  'type',
  'actor_id',
  'actor_role',
  'status_before',
  'status_after',
];

/** POST audit/log and GET audit/log.csv (DESIGN.md section 8): every order event, newest first, filtered alike. */
export const auditLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, auditEndpoints.log, async (request) => {
    const { cursor, ...filter } = request.body;
    const rows = await auditLogQuery(deps.db, filter, decodeCursor(cursor)).execute();
    const data = rows.slice(0, AUDIT_LOG_PAGE);
    const next_cursor = rows.length > AUDIT_LOG_PAGE ? encodeCursor(auditLogCursor(data.at(-1)!)) : null;
    return ok({ data: data.map(toAuditLogEntry), next_cursor });
  });

  endpointRoute(
    app,
    auditEndpoints.logCsv,
    async (request, reply) => {
      const rows = everyRow((after) => auditLogQuery(deps.db, request.query, after, EXPORT_PAGE).execute(), auditLogCursor);
      const cells = (row: Parameters<typeof toAuditLogEntry>[0]) => {
        const entry = toAuditLogEntry(row);
        return [
          entry.occurred_at,
          chinaDateTime(row.occurred_at),
          entry.stream,
          entry.order_no,
          entry.revision,
          entry.type,
          entry.actor.id,
          entry.actor.role,
          entry.status_before === null ? '' : String(entry.status_before),
          String(entry.status_after),
        ];
      };
      return reply
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(csvStream(CSV_HEADER, rows, cells));
    },
    { schema: { response: { 200: z.any().describe('the log as CSV (UTF-8 with BOM, CRLF)'), ...failures } } },
  );
};
