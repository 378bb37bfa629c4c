import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideWarehouse,
  emptyLedger,
  evolveWarehouse,
  goodsTotal,
  inboundTypeOf,
  ledgerStock,
  nextOutboundNumber,
  PACKING_TYPES,
  packingCodeOf,
  piecesDifference,
  stockOf,
  type EventMetadata,
  type InboundLedger,
  type InboundRecord,
  type WarehouseCommand,
  type WarehouseEvent,
} from '../../src/domain/index.js';

const META: EventMetadata = {
  event_id: 'e',
  actor: { id: '3', role: 'warehouse' },
  occurred_at: '2026-11-24T08:00:00.000Z',
  correlation_id: 'e',
  causation_id: 'e',
  schema_version: 1,
};
const RECORD: InboundRecord = {
  id: 1,
  code: 'RK20261124-000001',
  type: 3,
  waybill_id: 'SF1',
  client_code: 'C',
  client_code2: '',
  client_code3: '',
  package: '包裹',
  quantity: 1,
  weight: '1',
  desc: '',
  remark: '',
};
const shipment = (goods_id: number, quantity: number) => ({
  goods_id,
  quantity,
  deliver_type: '快递',
  tray_quantity: 0,
  weight: '1',
  client_code: 'C',
  desc: '',
  remark: '',
  out_time: META.occurred_at,
});

/** Given events, when a command, then events or a refusal. */
const given = (events: readonly WarehouseEvent[]) => events.reduce(evolveWarehouse, emptyLedger);
const when = (ledger: InboundLedger, command: WarehouseCommand) => decideWarehouse(ledger, command, META);
const created: WarehouseEvent = { type: 'InboundRecordCreated', data: { record: RECORD }, meta: META };
const received = (goods_id: number, box_count: number, count: number): WarehouseEvent => ({
  type: 'GoodsReceived',
  data: { goods: { goods_id, code: `G${goods_id}`, type: 'T', sku: '', box_count, count, total: goodsTotal(box_count, count) } },
  meta: META,
});

describe('the stock ledger', () => {
  it('given goods of 4 boxes of 25, when 100 are shipped then stock is 0; when 101 then refused naming 100', () => {
    const ledger = given([created, received(10, 4, 25)]);
    expect(when(ledger, { type: 'shipGoods', out_id: 11, out_code: 'CK', out_no: 1, shipment: shipment(10, 101) })).toEqual({
      ok: false,
      reason: 'stock_insufficient',
      stock: 100,
    });
    const shipped = when(ledger, { type: 'shipGoods', out_id: 11, out_code: 'CK', out_no: 1, shipment: shipment(10, 100) });
    expect(shipped.ok && shipped.events.map((event) => event.type)).toEqual(['GoodsShipped']);
    expect(stockOf(given([created, received(10, 4, 25), ...(shipped.ok ? shipped.events : [])]), 10)).toBe(0);
  });

  it('given no record, receiving is refused; given an invalid record, receiving and invalidating again are refused', () => {
    expect(
      when(emptyLedger, { type: 'receiveGoods', goods_id: 2, goods: { code: 'G', type: 'T', sku: '', box_count: 0, count: 1 } }),
    ).toMatchObject({ ok: false, reason: 'inbound_not_found' });
    const invalid = given([created, { type: 'InboundRecordInvalidated', data: {}, meta: META }]);
    expect(
      when(invalid, { type: 'receiveGoods', goods_id: 2, goods: { code: 'G', type: 'T', sku: '', box_count: 0, count: 1 } }),
    ).toMatchObject({ ok: false, reason: 'inbound_invalid' });
    expect(when(invalid, { type: 'invalidateInbound' })).toMatchObject({ ok: false, reason: 'inbound_invalid' });
    expect(when(given([created, received(2, 0, 3)]), { type: 'invalidateInbound' })).toEqual({
      ok: false,
      reason: 'inbound_has_stock',
      stock: 3,
    });
  });

  it('for all sequences of receipts and shipments, stock = received − shipped and never goes negative', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('receive' as const), box: fc.integer({ min: 0, max: 5 }), count: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 60 }) }),
      fc.constant({ kind: 'invalidate' as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let ledger = given([created]);
        let nextId = 100;
        let receivedPieces = 0;
        let shippedPieces = 0;
        for (const next of steps) {
          const goodsIds = Object.keys(ledger.goods).map(Number);
          const command: WarehouseCommand =
            next.kind === 'receive'
              ? {
                  type: 'receiveGoods',
                  goods_id: nextId++,
                  goods: { code: 'G', type: 'T', sku: '', box_count: next.box, count: next.count },
                }
              : next.kind === 'ship'
                ? {
                    type: 'shipGoods',
                    out_id: nextId++,
                    out_code: 'CK',
                    out_no: 1,
                    shipment: shipment(goodsIds[next.pick % Math.max(goodsIds.length, 1)] ?? 0, next.quantity),
                  }
                : { type: 'invalidateInbound' };
          const decision = when(ledger, command);
          if (!decision.ok) {
            if (command.type === 'shipGoods' && decision.reason === 'stock_insufficient')
              expect(command.shipment.quantity).toBeGreaterThan(stockOf(ledger, command.shipment.goods_id));
            continue;
          }
          for (const event of decision.events) {
            if (event.type === 'GoodsReceived') receivedPieces += event.data.goods.total;
            if (event.type === 'GoodsShipped') shippedPieces += event.data.shipment.quantity;
            ledger = evolveWarehouse(ledger, event);
          }
          for (const id of Object.keys(ledger.goods)) expect(stockOf(ledger, Number(id))).toBeGreaterThanOrEqual(0);
        }
        expect(ledgerStock(ledger)).toBe(receivedPieces - shippedPieces);
      }),
    );
  });
});

describe('issue 24 rules', () => {
  it('numbers outbound records one after the last taken, the first after the highest code shown before', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 50 }), (highestBefore, shipments) => {
        let last: number | null = null;
        const numbers: number[] = [];
        for (let index = 0; index < shipments; index += 1) numbers.push((last = nextOutboundNumber(last, highestBefore)));
        expect(numbers).toEqual(Array.from({ length: shipments }, (_, index) => highestBefore + 1 + index));
      }),
    );
  });

  it('gives received − declared as the difference once anything came, and none before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.nat({ max: 100_000_000 }), (declared, received) => {
        const difference = piecesDifference(declared, received);
        if (received === 0) expect(difference).toBeNull();
        else expect(declared + difference!).toBe(received);
      }),
    );
  });

  it('reads every packing type back to its code and keeps inboundTypeOf: 包裹 is 3, the rest 4', () => {
    for (const [code, text] of Object.entries(PACKING_TYPES)) {
      expect(packingCodeOf(text)).toBe(code);
      expect(inboundTypeOf(text)).toBe(code === 'parcel' ? 3 : 4);
    }
    expect(packingCodeOf('自定义')).toBeNull();
  });
});
