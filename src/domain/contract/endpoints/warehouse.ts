import { z } from 'zod';
import {
  goodsListPayload,
  inboundCreatePayload,
  inboundListPayload,
  outGoodsListPayload,
  receivePayload,
  shipPayload,
  warehouseIdPayload,
} from '../../warehouse/payloads.js';
import { endpoint } from '../endpoint.js';
import { sentMessage } from '../envelope.js';
import {
  boxDetail,
  createdRecord,
  inboundDetail,
  inboundRow,
  outboundDetail,
  outboundGoodsRow,
  stockGoodsRow,
  waybillDetail,
  warehouseStatistic,
} from '../warehouse.js';
import { cursorQuery, noBody, optionalBody, pageOf } from './requests.js';

const read = { allow: ['warehouse.read'] } as const;
const change = { allow: ['warehouse.change'] } as const;
const detail = (path: string, data: z.ZodType) => ({ method: 'POST', path, access: read, body: warehouseIdPayload, data }) as const;

/** The warehouse: stock, inbound records and their boxes, outbound shipments and waybills. */
export const warehouseEndpoints = {
  statistic: endpoint({ method: 'POST', path: '/api/v1/warehouse/stocks/statistic', access: read, body: noBody, data: warehouseStatistic }),
  goods: endpoint({
    method: 'POST',
    path: '/api/v1/warehouse/stocks/find_goods',
    access: read,
    body: optionalBody(goodsListPayload),
    query: cursorQuery,
    data: pageOf(stockGoodsRow),
  }),
  outGoods: endpoint({
    method: 'POST',
    path: '/api/v1/warehouse/stocks/find_out_goods',
    access: read,
    body: optionalBody(outGoodsListPayload),
    query: cursorQuery,
    data: pageOf(outboundGoodsRow),
  }),
  inbound: endpoint({
    method: 'POST',
    path: '/api/v1/warehouse/in',
    access: read,
    body: optionalBody(inboundListPayload),
    data: z.array(inboundRow),
  }),
  createInbound: endpoint({
    method: 'POST',
    path: '/api/v1/warehouse/in/create',
    access: change,
    body: inboundCreatePayload,
    data: createdRecord,
  }),
  receive: endpoint({ method: 'POST', path: '/api/v1/warehouse/in/receive', access: change, body: receivePayload, data: createdRecord }),
  ship: endpoint({ method: 'POST', path: '/api/v1/warehouse/out/create', access: change, body: shipPayload, data: createdRecord }),
  invalidateInbound: endpoint({
    method: 'POST',
    path: '/api/v1/warehouse/in/invalidate',
    access: change,
    body: warehouseIdPayload,
    data: sentMessage,
  }),
  inboundDetail: endpoint({ ...detail('/api/v1/warehouse/in/find', inboundDetail), data: inboundDetail }),
  boxDetail: endpoint({ ...detail('/api/v1/warehouse/box/find', boxDetail), data: boxDetail }),
  outboundDetail: endpoint({ ...detail('/api/v1/warehouse/out/find', outboundDetail), data: outboundDetail }),
  waybillDetail: endpoint({ ...detail('/api/v1/logistics/waybill/find', waybillDetail), data: waybillDetail }),
};
