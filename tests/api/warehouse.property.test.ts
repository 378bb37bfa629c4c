import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildOrderProjection } from '../../src/projections/projection-runner.js';
import type { WarehouseStatistic } from '../../src/domain/index.js';
import { dataOf } from './support/fixtures.js';
import { startTestApp, type TestApp, type TestUser } from './support/test-app.js';

const W = '/api/v1/warehouse';

/**
 * For random sequences of inbound records, receipts, shipments (some too large) and invalidations
 * through the real API: the statistics equal received − shipped, no goods row is ever negative, the
 * outbound numbers are 1..n (n shipments accepted, refused ones taking none; issue 24), and the
 * warehouse tables equal a rebuild of them from the log.
 */
describe('the warehouse projections', () => {
  let t: TestApp;
  let staff: TestUser;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    staff = await t.createUser({ group: 3 });
  });
  afterAll(() => t.close());

  const snapshot = async () => ({
    inbound: await t.deps.db.selectFrom('warehouse_inbound').selectAll().orderBy('id').execute(),
    goods: await t.deps.db.selectFrom('warehouse_goods').selectAll().orderBy('id').execute(),
    outbound: await t.deps.db.selectFrom('warehouse_outbound').selectAll().orderBy('id').execute(),
  });

  it('keep stock = received − shipped ≥ 0 and equal a rebuild from the log', async () => {
    const step = fc.oneof(
      fc.constant({ kind: 'inbound' as const }),
      fc.record({
        kind: fc.constant('receive' as const),
        pick: fc.nat(),
        box: fc.integer({ min: 0, max: 4 }),
        count: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ kind: fc.constant('invalidate' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 15 }), async (steps) => {
        const records: number[] = [];
        const goods: number[] = [];
        let received = 0;
        let shipped = 0;
        const before = dataOf<WarehouseStatistic>(await t.post(`${W}/stocks/statistic`, {}, staff.token), 'statistic');
        for (const next of steps) {
          if (next.kind === 'inbound') {
            records.push(
              dataOf<{ id: number }>(
                await t.post(`${W}/in/create`, { waybill_id: 'P', client_code: 'C', quantity: 1, weight: '1' }, staff.token),
                'create',
              ).id,
            );
          } else if (next.kind === 'receive' && records.length > 0) {
            const answer = await t.post(
              `${W}/in/receive`,
              { in_id: records[next.pick % records.length], code: 'G', type: 'T', box_count: next.box, count: next.count },
              staff.token,
            );
            if (answer.statusCode === 200) {
              goods.push(answer.json().data.id);
              received += next.box > 0 ? next.box * next.count : next.count;
            } else expect(answer.json().code).toBe('inbound_invalid');
          } else if (next.kind === 'ship' && goods.length > 0) {
            const answer = await t.post(
              `${W}/out/create`,
              { goods_id: goods[next.pick % goods.length], quantity: next.quantity, deliver_type: 'X', weight: '1', client_code: 'C' },
              staff.token,
            );
            if (answer.statusCode === 200) shipped += next.quantity;
            else expect(answer.json().code).toBe('stock_insufficient');
          } else if (next.kind === 'invalidate' && records.length > 0) {
            const answer = await t.post(`${W}/in/invalidate`, { id: records[next.pick % records.length] }, staff.token);
            if (answer.statusCode !== 200) expect(['inbound_has_stock', 'inbound_invalid']).toContain(answer.json().code);
          }
        }
        const after = dataOf<WarehouseStatistic>(await t.post(`${W}/stocks/statistic`, {}, staff.token), 'statistic');
        expect(after.in_goods_number - before.in_goods_number).toBe(received);
        expect(after.out_goods_number - before.out_goods_number).toBe(shipped);
        expect(after.stock_goods_number - before.stock_goods_number).toBe(received - shipped);
        const live = await snapshot();
        expect(live.goods.every((row) => Number(row.stock) >= 0)).toBe(true);
        const numbers = live.outbound.map((row) => row.number).sort((a, b) => a! - b!);
        expect(numbers).toEqual(Array.from({ length: live.outbound.length }, (_, index) => index + 1));
        expect(live.outbound.every((row) => row.code.endsWith(`-${String(row.number).padStart(6, '0')}`))).toBe(true);
        await t.runtime.deps.projections.stop();
        await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
        await t.runtime.deps.projections.start();
        expect(await snapshot()).toEqual(live);
      }),
      { numRuns: 12 },
    );
  });
});
