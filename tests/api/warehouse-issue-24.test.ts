import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEventOf } from '../../src/api/recorded-events.js';
import {
  OUTBOUND_NUMBER_STREAM,
  PACKING_TYPES,
  inboundStreamId,
  type InboundDetail,
  type InboundRow,
  type OutboundDetail,
} from '../../src/domain/index.js';
import { racingProcesses } from './support/another-process.js';
import { dataOf } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';

const W = '/api/v1/warehouse';
const INBOUND = { waybill_id: 'SF-24', client_code: 'C-24', quantity: 10, weight: '5' };
const SHIPMENT = { deliver_type: '快递', weight: '0.5', client_code: 'C-24' };
/** The number an outbound code carries (CK20261121-000042 → 42). */
const numberOf = (code: string): number => Number(/^CK\d{8}-(\d{6,})$/.exec(code)?.[1] ?? Number.NaN);

async function outboundCode(t: TestApp, user: TestUser, outId: number): Promise<string> {
  return dataOf<OutboundDetail>(await t.post(`${W}/out/find`, { id: outId }, user.token), 'out/find').shipment.ware_out.code;
}

describe.each(ENGINES)('warehouse issue 24 on %s', (engine) => {
  const t = appForSuite(engine);
  const [staff] = t.users('warehouse');
  const post = async <T>(path: string, body: unknown) => dataOf<T>(await t.post(path, body, staff.token), path);
  const createInbound = async (overrides: Record<string, unknown> = {}) =>
    (await post<{ id: number }>(`${W}/in/create`, { ...INBOUND, ...overrides })).id;
  const receive = async (inId: number, count: number) =>
    (await post<{ id: number }>(`${W}/in/receive`, { in_id: inId, code: 'G-24', type: 'T', box_count: 0, count })).id;
  const record = async (inId: number) => (await post<InboundDetail>(`${W}/in/find`, { id: inId })).record;

  it('numbers outbound records 1, 2, 3 … in their CK codes; a refused shipment takes no number', async () => {
    const goodsId = await receive(await createInbound(), 10);
    const ship = (quantity: number) => t.post(`${W}/out/create`, { goods_id: goodsId, quantity, ...SHIPMENT }, staff.token);
    const first = dataOf<{ id: number }>(await ship(3), 'ship 3').id;
    const before = await rowCounts(t, ['es_events']);
    const refused = await ship(8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('stock_insufficient');
    expect(await rowCounts(t, ['es_events'])).toEqual(before);
    const second = dataOf<{ id: number }>(await ship(7), 'ship 7').id;
    const numbers = [numberOf(await outboundCode(t, staff, first)), numberOf(await outboundCode(t, staff, second))];
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1]);
    const taken = await t.deps.eventStore.readStream(OUTBOUND_NUMBER_STREAM);
    expect(taken.map((event) => (event.data as { number: number }).number)).toEqual(
      Array.from({ length: taken.length }, (_, index) => index + 1),
    );
    expect(taken.at(-1)?.data).toMatchObject({ number: numbers[1], out_id: second });
  });

  it('offers packing as a fixed list: each type is stored as its text and typed (包裹 3, the rest 4); anything else is a 422', async () => {
    for (const [code, text] of Object.entries(PACKING_TYPES)) {
      const row = await record(await createInbound({ package: text }));
      expect(row, code).toMatchObject({ package: text, type: text === '包裹' ? 3 : 4 });
    }
    expect(await record(await createInbound({ package: '' }))).toMatchObject({ package: '包裹', type: 3 });
    const before = await rowCounts(t, ['es_events']);
    for (const wrong of ['麻袋', 'parcel']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${W}/in/create`,
        headers: { authorization: `Bearer ${staff.token}`, 'accept-language': 'en-US' },
        payload: { ...INBOUND, package: wrong },
      });
      expect(answer.statusCode, String(wrong)).toBe(422);
      expect(answer.json().errors.package.join(' '), String(wrong)).toMatch(/packing type|Choose/i);
    }
    expect((await t.post(`${W}/in/create`, { ...INBOUND, package: 123 }, staff.token)).statusCode).toBe(422);
    expect(await rowCounts(t, ['es_events'])).toEqual(before);
  });

  it('shows the difference between pieces received and declared on the list row and the detail (null while nothing came)', async () => {
    const waybill = `DIFF-${engine}`;
    const short = await createInbound({ waybill_id: waybill, quantity: 10 });
    const over = await createInbound({ waybill_id: waybill, quantity: 5 });
    const even = await createInbound({ waybill_id: waybill, quantity: 4 });
    const none = await createInbound({ waybill_id: waybill, quantity: 4 });
    await receive(short, 4);
    await receive(short, 3);
    await receive(over, 7);
    await receive(even, 4);
    expect((await record(short)).difference).toBe(-3);
    expect((await record(over)).difference).toBe(2);
    expect((await record(even)).difference).toBe(0);
    expect((await record(none)).difference).toBeNull();
    const rows = await post<InboundRow[]>(`${W}/in`, { keyword: waybill.toLowerCase() });
    expect(Object.fromEntries(rows.map((row) => [row.id, row.difference]))).toEqual({ [short]: -3, [over]: 2, [even]: 0, [none]: null });
  });
});

/**
 * Shipments recorded before numbers were counted keep their codes (they carried the record id);
 * the first number continues after the highest of them, so no code is ever shown twice.
 */
describe('outbound numbers after shipments recorded before them', () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    staff = await t.createUser({ group: 3 });
  });
  afterAll(() => t.close());

  it('keep the old codes and continue after the highest', async () => {
    const inId = dataOf<{ id: number }>(await t.post(`${W}/in/create`, INBOUND, staff.token), 'create').id;
    const goodsId = dataOf<{ id: number }>(
      await t.post(`${W}/in/receive`, { in_id: inId, code: 'OLD', type: 'T', box_count: 0, count: 10 }, staff.token),
      'receive',
    ).id;
    const stream = inboundStreamId(inId);
    const head = (await t.deps.eventStore.readStream(stream)).at(-1)!.revision;
    const meta = { ...(await t.deps.eventStore.readStream(stream))[0]!.metadata, event_id: crypto.randomUUID() };
    const old = {
      out_id: 900,
      out_code: 'CK20260101-000900',
      goods_id: goodsId,
      quantity: 2,
      tray_quantity: 0,
      desc: '',
      remark: '',
      out_time: '2026-01-01T00:00:00.000Z',
      ...SHIPMENT,
    };
    const { nextExpectedRevision } = await t.deps.eventStore.append(
      stream,
      [newEventOf({ type: 'GoodsShipped', data: { shipment: old }, meta: meta as never })],
      head,
    );
    await t.deps.projections.waitFor(stream, nextExpectedRevision);

    const outId = dataOf<{ id: number }>(
      await t.post(`${W}/out/create`, { goods_id: goodsId, quantity: 1, ...SHIPMENT }, staff.token),
      'ship',
    ).id;
    expect(await outboundCode(t, staff, 900)).toBe('CK20260101-000900');
    expect(numberOf(await outboundCode(t, staff, outId))).toBe(901);
  });
});

/**
 * Shipments racing through two API processes over one PostgreSQL database: the accepted ones get
 * consecutive numbers without gaps or duplicates, the refused ones none.
 */
describe.skipIf(!ENGINES.includes('postgres'))('outbound numbers of concurrent shipments on PostgreSQL', () => {
  const racing = racingProcesses(3);

  it('are 1..n in the order taken, however many shipments race, refused ones taking none', async () => {
    const { t, user: staff, other } = racing;
    const goods: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const inId = dataOf<{ id: number }>(await t.post(`${W}/in/create`, INBOUND, staff.token), 'create').id;
      goods.push(
        dataOf<{ id: number }>(
          await t.post(`${W}/in/receive`, { in_id: inId, code: 'RACE', type: 'T', box_count: 0, count: 6 }, staff.token),
          'receive',
        ).id,
      );
    }
    // Sixteen shipments of 3 pieces over four goods rows of 6: two of each row fit, the other two are refused.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        (index % 2 === 0 ? t.app : other.app).inject({
          method: 'POST',
          url: `${W}/out/create`,
          headers: { authorization: `Bearer ${staff.token}` },
          payload: { goods_id: goods[index % 4], quantity: 3, ...SHIPMENT },
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(8);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) expect(refused.json().code).toBe('stock_insufficient');
    const numbers = await Promise.all(accepted.map(async (answer) => numberOf(await outboundCode(t, staff, answer.json().data.id))));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const taken = await t.deps.eventStore.readStream(OUTBOUND_NUMBER_STREAM);
    expect(taken.map((event) => (event.data as { number: number }).number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
