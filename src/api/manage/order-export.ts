import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../database/schema.js';
import {
  addMoney,
  chinaDateTime,
  message,
  renderMessage,
  type Locale,
  type ManageOrderRow,
  type OrderFilter,
  type Status,
} from '../../domain/index.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { csvStream } from '../exports/csv-stream.js';
import { everyRow, EXPORT_PAGE } from '../exports/paged.js';
import { xlsxStream } from '../exports/xlsx-stream.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { failures } from '../http/responses.js';
import { requestLocale } from '../http/locale.js';
import { orderSeenBy } from '../orders/order-view.js';
import type { Kysely } from 'kysely';
import { ORDER_EXPORT_COLUMNS } from '../../domain/contract/funds.js';
import { orderCursorIn, orderPageQuery, orderSortOf, toManageOrderRow, type ListedOrder } from './order-list.js';
import { keywordSearchOf } from './order-keyword.js';

type ExportRow = ListedOrder;

const money = (value: string | number | null): string => addMoney(String(value ?? 0), '0');

/** One order as an export line: its funds, its status in the reader's words, China-time instants; personal fields as the reader may see them. */
function cellsOf(reader: AuthUser, locale: Locale) {
  return (row: ExportRow): string[] => {
    const seen: ManageOrderRow = orderSeenBy(reader, toManageOrderRow(row));
    return [
      seen.order_no,
      seen.id,
      String(seen.status),
      renderMessage(message(`order.status.${seen.status as Status}`), locale),
      seen.resource_name,
      seen.currency,
      seen.amount,
      money(row.cny_amount),
      money(row.paid_cny),
      money(row.refunded_cny),
      money(row.balance_cny),
      `${seen.student_last_name}${seen.student_first_name}`,
      `${seen.student_last_name_pinyin} ${seen.student_first_name_pinyin}`.trim(),
      seen.payer_phone,
      seen.user.email ?? '',
      chinaDateTime(row.created_at),
      chinaDateTime(row.status_since),
    ];
  };
}

/** Every ordinary order the filter matches, read a page at a time in the filter's sort (the keyword's way decided once). */
export async function* exportedOrders(db: Kysely<DB>, filter: OrderFilter): AsyncGenerator<ExportRow> {
  const search = await keywordSearchOf(db, filter.keyword);
  yield* everyRow<ExportRow>(
    (after) => orderPageQuery(db, 'order', filter, search, after, EXPORT_PAGE).execute(),
    orderCursorIn(orderSortOf(filter.sort)),
  );
}

/** An export as a byte stream (the route's body; the bench reads it the same way). */
export function orderExportStream(db: Kysely<DB>, filter: OrderFilter, format: 'csv' | 'xlsx', reader: AuthUser, locale: Locale) {
  const rows = exportedOrders(db, filter);
  const cells = cellsOf(reader, locale);
  return format === 'csv' ? csvStream(ORDER_EXPORT_COLUMNS, rows, cells) : xlsxStream('orders', ORDER_EXPORT_COLUMNS, rows, cells);
}

const fileName = (format: 'csv' | 'xlsx', at: Date) => `orders-${chinaDateTime(at).slice(0, 10)}.${format}`;
const documented = (what: string) => ({ schema: { response: { 200: z.any().describe(what), ...failures } } });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ZodApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

function exportRoute(app: ZodApp, deps: AppDeps, format: 'csv' | 'xlsx') {
  endpointRoute(
    app,
    format === 'csv' ? manageEndpoints.exportCsv : manageEndpoints.exportXlsx,
    async (request, reply) => {
      const body = orderExportStream(deps.db, request.query, format, request.user!, requestLocale(request));
      reply
        .header('content-disposition', `attachment; filename="${fileName(format, deps.clock.now())}"`)
        .header('cache-control', 'private, no-store');
      return reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE).send(body);
    },
    documented(format === 'csv' ? 'the orders as CSV (UTF-8 with BOM, CRLF)' : 'the orders as an Excel workbook'),
  );
}

/**
 * GET manage/orders/export.csv and export.xlsx (DESIGN.md section 10): every matching order with its
 * funds, streamed as it is read (a page of rows in memory at a time), for admins and auditors.
 */
export const orderExportRoutes: FastifyPluginAsyncZod<AppDeps> = (app, deps) => {
  for (const format of ['csv', 'xlsx'] as const) exportRoute(app, deps, format);
  return Promise.resolve();
};
