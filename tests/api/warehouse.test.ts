import { describe, expect, it } from 'vitest';
import type {
  BoxDetail,
  InboundDetail,
  InboundRow,
  OutboundDetail,
  OutboundGoodsRow,
  StockGoodsRow,
  WarehouseStatistic,
  WaybillDetail,
} from '../../src/domain/index.js';
import { racingProcesses } from './support/another-process.js';
import { dataOf } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const W = '/api/v1/warehouse';
const INBOUND = {
  waybill_id: 'SF1234567890',
  client_code: 'C-001',
  client_code2: '',
  client_code3: '',
  quantity: 3,
  weight: '12.5',
  desc: '医疗器械',
  remark: '',
};
const GOODS = { code: 'G-100', type: 'X200', sku: 'SKU-9', box_count: 4, count: 25 };
const SHIPMENT = { quantity: 30, deliver_type: '快递', tray_quantity: 1, weight: '0.25', client_code: 'C-001', desc: '', remark: '' };

describe.each(ENGINES)('the warehouse on %s', (engine) => {
  const t = appForSuite(engine);
  const [staff, admin, auditor, payer] = t.users('warehouse', 'admin', 'auditor', 'payer');

  const post = async <T>(path: string, body: unknown, user = staff) => dataOf<T>(await t.post(path, body, user.token), path);
  const createInbound = async (overrides: Record<string, unknown> = {}) =>
    (await post<{ id: number }>(`${W}/in/create`, { ...INBOUND, ...overrides })).id;
  const receive = async (inId: number, overrides: Record<string, unknown> = {}) =>
    (await post<{ id: number }>(`${W}/in/receive`, { in_id: inId, ...GOODS, ...overrides })).id;
  const ship = async (goodsId: number, overrides: Record<string, unknown> = {}) =>
    (await post<{ id: number }>(`${W}/out/create`, { goods_id: goodsId, ...SHIPMENT, ...overrides })).id;
  const statistic = () => post<WarehouseStatistic>(`${W}/stocks/statistic`, {});
  const writes = () => rowCounts(t, ['es_events']);

  it('lets staff and admins change, auditors only read, and refuses payers', async () => {
    const reads: [string, unknown][] = [
      [`${W}/stocks/statistic`, {}],
      [`${W}/stocks/find_goods`, {}],
      [`${W}/stocks/find_out_goods`, {}],
      [`${W}/in`, {}],
    ];
    for (const [path, body] of reads) {
      expect((await t.post(path, body)).statusCode).toBe(401);
      expect((await t.post(path, body, payer.token)).statusCode).toBe(403);
      for (const user of [staff, admin, auditor]) expect((await t.post(path, body, user.token)).statusCode, path).toBe(200);
    }
    const before = await writes();
    for (const user of [auditor, payer]) expect((await t.post(`${W}/in/create`, INBOUND, user.token)).statusCode).toBe(403);
    expect(await writes()).toEqual(before);
    expect((await t.post(`${W}/in/create`, INBOUND, admin.token)).statusCode).toBe(200);
  });

  it('records an inbound record, goods received against it and a shipment, and counts them (N 箱 M 件, total N × M)', async () => {
    const start = await statistic();
    const inId = await createInbound();
    const goodsId = await receive(inId);
    const outId = await ship(goodsId);
    expect(await statistic()).toEqual({
      in_goods_number: start.in_goods_number + 100,
      out_goods_number: start.out_goods_number + 30,
      stock_goods_number: start.stock_goods_number + 70,
    });

    const inbound = await post<InboundDetail>(`${W}/in/find`, { id: inId }, auditor);
    expect(inbound.record).toMatchObject({
      id: inId,
      code: expect.stringMatching(/^RK\d{8}-\d{6}$/),
      type: 3,
      package: '包裹',
      status: 1,
      weight: '12.500',
      goods_count: 100,
      stock: 70,
    });
    expect(inbound.goods).toEqual([
      expect.objectContaining({
        id: goodsId,
        box_count: 4,
        count: 25,
        total: 100,
        shipped: 30,
        stock: 70,
        ware_in: { id: inId, code: inbound.record.code },
      }),
    ]);
    expect(inbound.shipments).toEqual([
      expect.objectContaining({
        id: outId,
        quantity: 30,
        tray_quantity: 1,
        weight: '0.250',
        goods: { id: goodsId, type: 'X200', sku: 'SKU-9' },
      }),
    ]);
    const box = await post<BoxDetail>(`${W}/box/find`, { id: inId });
    expect(box).toMatchObject({ box_count: 4, pieces: 100, stock: 70 });
    expect(box.boxes.map((row) => row.id)).toEqual([goodsId]);
    const out = await post<OutboundDetail>(`${W}/out/find`, { id: outId });
    expect(out.shipment.ware_out.code).toMatch(/^CK\d{8}-\d{6}$/);
    expect(out.record.id).toBe(inId);
    const waybill = await post<WaybillDetail>('/api/v1/logistics/waybill/find', { id: inId });
    expect(waybill).toMatchObject({ waybill_id: 'SF1234567890', pieces: expect.any(Number) });
    expect(waybill.records.map((row) => row.id)).toContain(inId);

    // Without boxes a row holds its count.
    const loose = await receive(inId, { code: 'G-101', box_count: 0, count: 7 });
    expect((await post<BoxDetail>(`${W}/box/find`, { id: inId })).boxes.find((row) => row.id === loose)).toMatchObject({
      total: 7,
      stock: 7,
    });
  });

  it('refuses to ship more than is in stock, naming the stock, and writes nothing', async () => {
    const goodsId = await receive(await createInbound(), { box_count: 0, count: 5 });
    const before = await writes();
    const refused = await t.post(`${W}/out/create`, { goods_id: goodsId, ...SHIPMENT, quantity: 6 }, staff.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'stock_insufficient',
      message: '库存不足：当前库存 5 件',
      errors: { quantity: ['库存不足：当前库存 5 件'] },
    });
    expect(await writes()).toEqual(before);
    await ship(goodsId, { quantity: 5 });
    expect((await t.post(`${W}/out/create`, { goods_id: goodsId, ...SHIPMENT, quantity: 1 }, staff.token)).json()).toMatchObject({
      code: 'stock_insufficient',
      message: '库存不足：当前库存 0 件',
    });
  });

  it('marks a record invalid only when none of its goods are in stock, and then takes no more goods', async () => {
    const inId = await createInbound();
    const goodsId = await receive(inId, { box_count: 0, count: 2 });
    expect((await t.post(`${W}/in/invalidate`, { id: inId }, staff.token)).json()).toMatchObject({
      code: 'inbound_has_stock',
      message: '该入库单仍有 2 件库存，不能作废',
    });
    await ship(goodsId, { quantity: 2 });
    expect((await t.post(`${W}/in/invalidate`, { id: inId }, staff.token)).json()).toEqual({ data: { message: '操作成功' } });
    expect((await post<InboundDetail>(`${W}/in/find`, { id: inId })).record.status).toBe(0);
    const before = await writes();
    expect((await t.post(`${W}/in/receive`, { in_id: inId, ...GOODS }, staff.token)).json()).toMatchObject({ code: 'inbound_invalid' });
    expect((await t.post(`${W}/in/invalidate`, { id: inId }, staff.token)).json()).toMatchObject({ code: 'inbound_invalid' });
    expect(await writes()).toEqual(before);
  });

  it('answers every bad input with a clear error and writes nothing', async () => {
    const before = await writes();
    const bad: [string, Record<string, unknown>, string][] = [
      [`${W}/in/create`, { ...INBOUND, waybill_id: '' }, 'waybill_id'],
      [`${W}/in/create`, { ...INBOUND, quantity: 0 }, 'quantity'],
      [`${W}/in/create`, { ...INBOUND, quantity: 2.5 }, 'quantity'],
      [`${W}/in/create`, { ...INBOUND, weight: '-1' }, 'weight'],
      [`${W}/in/create`, { ...INBOUND, weight: '1.2345' }, 'weight'],
      [`${W}/in/create`, { ...INBOUND, weight: '100001' }, 'weight'],
      [`${W}/in/receive`, { in_id: 1, ...GOODS, box_count: -1 }, 'box_count'],
      [`${W}/in/receive`, { in_id: 1, ...GOODS, box_count: 100_000, count: 1_000_000 }, 'count'],
      [`${W}/in/receive`, { in_id: 'x', ...GOODS }, 'in_id'],
      [`${W}/out/create`, { goods_id: 1, ...SHIPMENT, quantity: 0 }, 'quantity'],
      [`${W}/out/create`, { goods_id: 1, ...SHIPMENT, deliver_type: '' }, 'deliver_type'],
      [`${W}/out/create`, { goods_id: 1, ...SHIPMENT, out_time: 'yesterday' }, 'out_time'],
    ];
    for (const [path, body, field] of bad) {
      const response = await t.post(path, body, staff.token);
      expect(response.statusCode, `${path} ${field}`).toBe(422);
      expect(Object.keys(response.json().errors), `${path} ${field}`).toContain(field);
    }
    expect((await t.post(`${W}/in/receive`, { in_id: 999_999, ...GOODS }, staff.token)).json()).toMatchObject({
      code: 'inbound_not_found',
    });
    expect((await t.post(`${W}/out/create`, { goods_id: 999_999, ...SHIPMENT }, staff.token)).json()).toMatchObject({
      code: 'goods_not_found',
    });
    for (const path of [`${W}/in/find`, `${W}/box/find`, `${W}/out/find`, '/api/v1/logistics/waybill/find'])
      expect((await t.post(path, { id: 999_999 }, staff.token)).statusCode).toBe(404);
    expect(await writes()).toEqual(before);
  });

  it('lists goods, shipments and inbound records with search, filters and keyset pages', async () => {
    const inId = await createInbound({ waybill_id: 'PAGE-WAYBILL', package: '托盘' });
    const ids: number[] = [];
    for (let index = 0; index < 23; index += 1)
      ids.push(await receive(inId, { code: `PAGE-${String(index).padStart(2, '0')}`, box_count: 0, count: 1 }));
    await ship(ids[0]!, { quantity: 1, client_code: 'PAGE-CLIENT' });
    const first = await post<{ data: StockGoodsRow[]; next_page_url: string }>(`${W}/stocks/find_goods`, { keyword: 'page-' });
    expect(first.data).toHaveLength(20);
    const second = await post<{ data: StockGoodsRow[]; next_page_url: string | null }>(first.next_page_url.replace('/api/v1', '/api/v1'), {
      keyword: 'page-',
    });
    expect(second.data).toHaveLength(3);
    expect(second.next_page_url).toBeNull();
    expect(new Set([...first.data, ...second.data].map((row) => row.id))).toEqual(new Set(ids));
    const inStock = await post<{ data: StockGoodsRow[] }>(`${W}/stocks/find_goods`, { keyword: 'page-', stock: 1 });
    expect(inStock.data.map((row) => row.id)).not.toContain(ids[0]);
    const shipped = await post<{ data: OutboundGoodsRow[] }>(`${W}/stocks/find_out_goods`, { keyword: 'page-client' });
    expect(shipped.data).toHaveLength(1);

    const list = async (body: Record<string, unknown>) => post<InboundRow[]>(`${W}/in`, body);
    expect((await list({ keyword: 'page-waybill' })).map((row) => row.id)).toEqual([inId]);
    expect((await list({ keyword: 'page-waybill', type: [3] })).map((row) => row.id)).toEqual([]);
    expect((await list({ keyword: 'page-waybill', type: [4], status: 1 })).map((row) => row.type)).toEqual([4]);
    expect(await list({ keyword: 'page-waybill', status: 0 })).toEqual([]);
    expect(await list({ keyword: 'page-waybill', year: 2025, month: 1 })).toEqual([]);
    expect((await t.post(`${W}/in`, { month: 13 }, staff.token)).statusCode).toBe(422);
  });
});

/**
 * Two staff ship the same goods at the same moment, through two API processes over one real
 * PostgreSQL database: every shipment is decided against the inbound stream's revision, so the
 * pieces are spent once. (PGlite is one connection: concurrency there proves nothing.)
 */
describe.skipIf(!ENGINES.includes('postgres'))('concurrent shipments on PostgreSQL', () => {
  const racing = racingProcesses(3);

  it('never ships more than is in stock, however many shipments race', async () => {
    const { t, user: staff, other } = racing;
    const inId = dataOf<{ id: number }>(await t.post(`${W}/in/create`, INBOUND, staff.token), 'create').id;
    const goodsId = dataOf<{ id: number }>(
      await t.post(`${W}/in/receive`, { in_id: inId, ...GOODS, box_count: 0, count: 10 }, staff.token),
      'receive',
    ).id;
    const shipThree = (index: number) =>
      (index % 2 === 0 ? t.app : other.app).inject({
        method: 'POST',
        url: `${W}/out/create`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { goods_id: goodsId, ...SHIPMENT, quantity: 3 },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => shipThree(index)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().code).toBe('stock_insufficient');
    const detail = dataOf<InboundDetail>(await t.post(`${W}/in/find`, { id: inId }, staff.token), 'in/find');
    expect(detail.goods.find((row) => row.id === goodsId)).toMatchObject({ total: 10, shipped: 9, stock: 1 });
    expect(detail.shipments).toHaveLength(3);
  });
});
