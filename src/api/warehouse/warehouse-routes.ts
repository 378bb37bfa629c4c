import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INBOUND_TYPES, inboundTypeOf, message, renderMessage, roleOfGroup, type Actor } from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { decodeCursor, pageOf } from '../manage/paging.js';
import { nextWarehouseId, recordCode, runWarehouseCommand } from './warehouse-commands.js';
import { warehouseArea, type WarehouseArea } from './warehouse-area.js';
import { shipWithNumber } from './ship-with-number.js';
import { toInboundRow, toOutboundGoodsRow, toStockGoodsRow } from './warehouse-queries.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { warehouseEndpoints } from '../../domain/contract/endpoints/index.js';

const staffActor = (user: AuthUser): Actor => ({ id: String(user.id), role: roleOfGroup(user.group) === 'admin' ? 'admin' : 'warehouse' });
const notFound = (
  code: 'inbound_not_found' | 'goods_not_found' | 'outbound_not_found',
  key: 'warehouse.inboundNotFound' | 'warehouse.goodsNotFound' | 'warehouse.outboundNotFound',
) => new HttpError(code, message(key));

/** The current year and month in China, the inbound list's default filter. */
function chinaMonth(now: Date): { year: number; month: number } {
  const shifted = new Date(now.getTime() + 8 * 3600 * 1000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/**
 * The warehouse (SPEC.md section 7 "Warehouse", issue 11) under /api/v1: statistics, the three
 * goods lists (keyset pages), the inbound list and its create call, receiving and shipping goods,
 * marking a record invalid, and the four detail reads. Reads need warehouse.read (staff, admins,
 * auditors), changes warehouse.change (staff, admins). Every change is an event on the inbound
 * record's stream (DESIGN.md section 9); lists and statistics are its projections.
 */
export const warehouseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const area = warehouseArea(deps.db);
  registerListRoutes(app, deps, area);
  registerChangeRoutes(app, deps, area);
  registerDetailRoutes(app, area);
};

const done = (request: FastifyRequest) => ok({ message: renderMessage(message('warehouse.done'), requestLocale(request)) });

async function requireInbound(area: WarehouseArea, id: number) {
  const record = await area.inboundById(id);
  if (!record) throw notFound('inbound_not_found', 'warehouse.inboundNotFound');
  return record;
}

/** The statistics and the lists: goods in stock, goods shipped, inbound records of a month. */
function registerListRoutes(app: FastifyInstance, deps: AppDeps, area: WarehouseArea): void {
  endpointRoute(app, warehouseEndpoints.statistic, async () => ok(await area.statistic()));

  endpointRoute(app, warehouseEndpoints.goods, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const rows = await area.goodsPage(request.body.keyword, request.body.stock === 1, cursor);
    const page = pageOf(rows, '/api/v1/warehouse/stocks/find_goods', (row) => ({ id: row.id }));
    return ok({ data: page.data.map(toStockGoodsRow), next_page_url: page.next_page_url });
  });

  endpointRoute(app, warehouseEndpoints.outGoods, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const rows = await area.outboundPage(request.body.keyword, cursor);
    const page = pageOf(rows, '/api/v1/warehouse/stocks/find_out_goods', (row) => ({ id: row.id }));
    return ok({ data: page.data.map(toOutboundGoodsRow), next_page_url: page.next_page_url });
  });

  endpointRoute(app, warehouseEndpoints.inbound, async (request) => {
    const month = chinaMonth(deps.clock.now());
    const { keyword, status, year, month: monthOf, type } = request.body;
    const rows = await area.inboundList({
      keyword,
      status: status ?? null,
      year: year ?? month.year,
      month: monthOf ?? month.month,
      types: type && type.length > 0 ? type : INBOUND_TYPES,
    });
    return ok(rows.map(toInboundRow));
  });
}

/** The changes, each a command on the inbound record's stream. */
function registerChangeRoutes(app: FastifyInstance, deps: AppDeps, area: WarehouseArea): void {
  endpointRoute(app, warehouseEndpoints.createInbound, async (request) => {
    const id = await nextWarehouseId(deps);
    const record = { id, code: recordCode('RK', id, deps.clock.now()), type: inboundTypeOf(request.body.package), ...request.body };
    await runWarehouseCommand(deps, id, { type: 'createInbound', record }, staffActor(request.user!));
    return ok({ id });
  });

  endpointRoute(app, warehouseEndpoints.receive, async (request) => {
    const { in_id, ...goods } = request.body;
    const goodsId = await nextWarehouseId(deps);
    await runWarehouseCommand(deps, in_id, { type: 'receiveGoods', goods_id: goodsId, goods }, staffActor(request.user!));
    return ok({ id: goodsId });
  });

  endpointRoute(app, warehouseEndpoints.ship, async (request) => {
    const goods = await area.goodsById(request.body.goods_id);
    if (!goods) throw notFound('goods_not_found', 'warehouse.goodsNotFound');
    const outId = await nextWarehouseId(deps);
    const shipment = { ...request.body, out_time: request.body.out_time ?? deps.clock.now().toISOString() };
    await shipWithNumber(deps, { inId: goods.in_id, outId }, shipment, staffActor(request.user!));
    return ok({ id: outId });
  });

  endpointRoute(app, warehouseEndpoints.invalidateInbound, async (request) => {
    await runWarehouseCommand(deps, request.body.id, { type: 'invalidateInbound' }, staffActor(request.user!));
    return done(request);
  });
}

/** The four detail reads: an inbound record, its boxes, a shipment, a waybill. */
function registerDetailRoutes(app: FastifyInstance, area: WarehouseArea): void {
  endpointRoute(app, warehouseEndpoints.inboundDetail, async (request) => {
    const record = await requireInbound(area, request.body.id);
    const goods = await area.goodsOfInbound(record.id);
    const shipments = await area.outboundOfGoods(goods.map((row) => row.id));
    return ok({ record: toInboundRow(record), goods: goods.map(toStockGoodsRow), shipments: shipments.map(toOutboundGoodsRow) });
  });

  endpointRoute(app, warehouseEndpoints.boxDetail, async (request) => {
    const record = await requireInbound(area, request.body.id);
    const boxes = (await area.goodsOfInbound(record.id)).map(toStockGoodsRow);
    const sum = (pick: (row: (typeof boxes)[number]) => number) => boxes.reduce((total, row) => total + pick(row), 0);
    return ok({
      record: toInboundRow(record),
      boxes,
      box_count: sum((row) => row.box_count),
      pieces: sum((row) => row.total),
      stock: sum((row) => row.stock),
    });
  });

  endpointRoute(app, warehouseEndpoints.outboundDetail, async (request) => {
    const shipment = await area.outboundById(request.body.id);
    if (!shipment) throw notFound('outbound_not_found', 'warehouse.outboundNotFound');
    const goods = await area.goodsById(shipment.goods_id);
    const record = await area.inboundById(shipment.in_id);
    return ok({ shipment: toOutboundGoodsRow(shipment), goods: toStockGoodsRow(goods!), record: toInboundRow(record!) });
  });

  endpointRoute(app, warehouseEndpoints.waybillDetail, async (request) => {
    const record = await requireInbound(area, request.body.id);
    const records = (await area.inboundOfWaybill(record.waybill_id)).map(toInboundRow);
    const grams = records.reduce((sum, row) => sum + Math.round(Number(row.weight) * 1000), 0);
    return ok({
      waybill_id: record.waybill_id,
      records,
      pieces: records.reduce((sum, row) => sum + row.quantity, 0),
      weight: (grams / 1000).toFixed(3),
    });
  });
}
